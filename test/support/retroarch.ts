/**
 * The real Debian RetroArch + nestopia (design.md §7), headless with null drivers, running the
 * counter NES image written here. Every run gets its own HOME (RetroArch writes badge caches there).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { counterRom } from './nes-rom.js'
import { findPeer } from './peers.js'

export const retroarch = findPeer('RetroArch', 'retroarch', ['/usr/bin/retroarch'])
export const nestopia = findPeer('the nestopia libretro core', 'libretro-nestopia', ['/usr/lib/x86_64-linux-gnu/libretro/nestopia_libretro.so', '/usr/lib/aarch64-linux-gnu/libretro/nestopia_libretro.so', '/usr/lib/libretro/nestopia_libretro.so'])
export const retroarchSkip = retroarch.skip || nestopia.skip

/** Null drivers, no config written back; null video has no vsync, so the run loop paces itself. */
export const headlessSettings: Record<string, string> = {
  video_driver: 'null',
  audio_driver: 'null',
  input_driver: 'null',
  input_joypad_driver: 'null',
  joypad_driver: 'null',
  menu_driver: 'null',
  config_save_on_exit: 'false',
  vrr_runloop_enable: 'true'
}

/** The hash rcheevos sends for an NES image: MD5 of the ROM without its 16-byte iNES header. */
export function nesHash (rom: Buffer): string {
  return createHash('md5').update(rom.subarray(16)).digest('hex')
}

export interface RetroarchRun {
  readonly child: ChildProcess
  /** RetroArch's own log (stdout and stderr, `--verbose`). */
  log (): string
  stop (): void
}

/** Starts RetroArch on the counter image in `work`, with these settings on top of the headless ones. */
export function runCounter (work: string, settings: Record<string, string>): RetroarchRun {
  const rom = path.join(work, 'counter.nes')
  writeFileSync(rom, counterRom())
  const config = path.join(work, 'retroarch.cfg')
  writeFileSync(config, Object.entries({ ...headlessSettings, ...settings }).map(([key, value]) => `${key} = "${value}"`).join('\n'))
  const child = spawn(retroarch.path!, ['--verbose', '--config', config, '-L', nestopia.path!, rom], { cwd: work, env: { ...process.env, HOME: work }, stdio: ['ignore', 'pipe', 'pipe'] })
  let log = ''
  child.stdout!.on('data', (chunk: Buffer) => { log += chunk.toString() })
  child.stderr!.on('data', (chunk: Buffer) => { log += chunk.toString() })
  return {
    child,
    log: () => log,
    stop: () => { if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL') }
  }
}
