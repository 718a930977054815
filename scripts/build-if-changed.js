/**
 * `npm start` builds only when something the build reads changed since the last build: the newest
 * modification time under src/ (folders too, so a deleted file counts), of the TypeScript configs
 * and of the lockfile, against dist/cli.js, which every build rewrites. A fresh clone has no
 * dist/ and builds.
 */
import { spawnSync } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import process from 'node:process'
import { fileURLToPath } from 'node:url'

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)))
const built = path.join(root, 'dist', 'cli.js')
const inputs = ['tsconfig.json', 'tsconfig.build.json', 'package-lock.json']

function newestUnder (dir) {
  let newest = statSync(dir).mtimeMs
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestUnder(full) : statSync(full).mtimeMs)
  }
  return newest
}

function builtAt () {
  try {
    return statSync(built).mtimeMs
  } catch {
    return null
  }
}

const sourcesAt = Math.max(newestUnder(path.join(root, 'src')), ...inputs.map((file) => statSync(path.join(root, file)).mtimeMs))
const lastBuild = builtAt()
if (lastBuild !== null && lastBuild >= sourcesAt) {
  process.stdout.write('dist/ is up to date with src/; not rebuilding\n')
} else {
  process.stdout.write(lastBuild === null ? 'building dist/ (first start)\n' : 'sources changed since the last build; rebuilding dist/\n')
  const result = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' })
  process.exitCode = result.status ?? 1
}
