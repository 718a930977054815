/**
 * The command strings Batocera EmulationStation hands to `/bin/sh -c` for a hook (RetroBat's, on
 * Windows, to `cmd /c`), built exactly as
 * its source builds them (es-core `Scripting.cpp` executeScript, `Platform.cpp`
 * ProcessStartInfo::run, `FileSystemUtil.cpp` getEscapedPath). Nothing here is quoted "properly":
 * the flaws are ES's, and the simulator must have them so the service meets them in tests.
 */

/** The characters getEscapedPath puts a backslash before, in the order it processes them. */
const escapedCharacters = '\\ \'"!$^&*(){}[]?;<>'

/**
 * ES's `Utils::FileSystem::getEscapedPath` on Linux: for each special character in turn, a
 * backslash before every occurrence not already preceded by one. ES passes game-start's rom path
 * through it, so `Metroid (USA).nes` becomes `Metroid\ \(USA\).nes`.
 */
export function esEscapedPath (romPath: string): string {
  let escaped = romPath
  for (const special of escapedCharacters) {
    let from = 0
    for (let at = escaped.indexOf(special, from); at !== -1; at = escaped.indexOf(special, from)) {
      from = at + 1
      if (at === 0 || escaped[at - 1] !== '\\') {
        escaped = `${escaped.slice(0, at)}\\${escaped.slice(at)}`
        from++
      }
    }
  }
  return escaped
}

/** One argument as executeScript appends it: double quotes dropped, then quoted only when it has a space. */
function esArgument (argument: string): string {
  const unquoted = (argument.startsWith('"') ? argument.slice(1, -1) : argument).replaceAll('"', '')
  return unquoted.includes(' ') ? `"${unquoted}"` : unquoted
}

/**
 * ES's command line for one script: the script path (quoted when it has a space), the event name
 * for top-level scripts, then the arguments up to the first empty one.
 */
export function esScriptCommand (script: string, eventName: string | null, args: readonly string[]): string {
  let command = script.includes(' ') ? `"${script}"` : script
  if (eventName !== null) command += ` ${eventName}`
  for (const argument of args) {
    if (argument === '') break
    command += ` ${esArgument(argument)}`
  }
  return command
}

/**
 * ES's command line for one script on Windows (RetroBat): the script and every argument in double
 * quotes, nothing escaped, which `cmd /c` then runs. The rom path keeps its backslashes.
 */
export function esWindowsScriptCommand (script: string, eventName: string | null, args: readonly string[]): string {
  const words = [script, ...(eventName === null ? [] : [eventName]), ...args.slice(0, args.includes('') ? args.indexOf('') : args.length)]
  return words.map((word) => `"${word}"`).join(' ')
}

/**
 * What ProcessStartInfo::run gives `sh -c` on Linux with logging on: the command with its stderr
 * and (first 300 lines of) stdout in ES's log folder, exiting with the command's status. A command
 * sh cannot parse fails as a whole, so none of it runs.
 */
export function esShellCommand (command: string, logDir: string): string {
  return `((((${command} 2> ${logDir}/es_script_stderr.log ; echo $? >&3) | head -300 > ${logDir}/es_script_stdout.log) 3>&1) | (read xs; exit $xs))`
}
