import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { tempDir } from '../../support/hub.js'

const script = new URL('../../../scripts/build-if-changed.js', import.meta.url).pathname
const { scripts } = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> }

/** A project shaped like this one, with its prestart, whose build counts its runs, so each `npm start` says whether it built. */
function project (): { root: string, start (): string, builds (): number } {
  const root = tempDir()
  mkdirSync(path.join(root, 'scripts'))
  mkdirSync(path.join(root, 'src', 'core'), { recursive: true })
  copyFileSync(script, path.join(root, 'scripts', 'build-if-changed.js'))
  for (const file of ['tsconfig.json', 'tsconfig.build.json', 'package-lock.json', 'src/cli.ts', 'src/core/hub.ts']) writeFileSync(path.join(root, file), '{}\n')
  const build = "const fs = require('fs'); fs.mkdirSync('dist', { recursive: true }); fs.appendFileSync('builds', 'x'); fs.writeFileSync('dist/cli.js', '')"
  writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'start-probe', private: true, scripts: { build: `node -e "${build}"`, prestart: scripts.prestart, start: 'node -e ""' } }))
  return {
    root,
    start: () => {
      const result = spawnSync('npm', ['start', '--silent'], { cwd: root, encoding: 'utf8' })
      assert.equal(result.status, 0, result.stderr)
      return result.stdout.trim()
    },
    builds: () => readFileSync(path.join(root, 'builds'), 'utf8').length
  }
}

/** File times one minute apart, so the order never hangs on the clock's resolution. */
function age (file: string, minutesAgo: number): void {
  const when = new Date(Date.now() - minutesAgo * 60_000)
  utimesSync(file, when, when)
}

describe('npm start', () => {
  it('builds on a fresh clone, then only when a source, a TypeScript config or the lockfile changed', () => {
    const p = project()
    assert.equal(p.start(), 'building dist/ (first start)')
    assert.equal(p.start(), 'dist/ is up to date with src/; not rebuilding')
    assert.equal(p.builds(), 1)

    const changes: Array<[string, () => void]> = [
      ['an edited source', () => writeFileSync(path.join(p.root, 'src/core/hub.ts'), '// edited\n')],
      ['a deleted source', () => rmSync(path.join(p.root, 'src/cli.ts'))],
      ['the lockfile', () => writeFileSync(path.join(p.root, 'package-lock.json'), '{ }\n')]
    ]
    for (const [change, make] of changes) {
      age(path.join(p.root, 'dist/cli.js'), 1)
      make()
      assert.equal(p.start(), 'sources changed since the last build; rebuilding dist/', change)
      assert.equal(p.start(), 'dist/ is up to date with src/; not rebuilding', change)
    }
    assert.equal(p.builds(), 4)
  })
})
