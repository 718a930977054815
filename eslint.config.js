import js from '@eslint/js'
import tseslint from 'typescript-eslint'

/** node:fs calls that stop the event loop until the disk answers. */
const syncFileCalls = ['accessSync', 'appendFileSync', 'chmodSync', 'closeSync', 'copyFileSync', 'existsSync', 'fstatSync', 'fsyncSync', 'lstatSync', 'mkdirSync', 'mkdtempSync', 'openSync', 'readdirSync', 'readFileSync', 'readSync', 'renameSync', 'rmSync', 'statSync', 'truncateSync', 'unlinkSync', 'writeFileSync', 'writeSync']

/**
 * The only files that may call node:fs synchronously, each for one of these reasons:
 * - start-up, before the service listens: the options and config file, the data dir's claim and
 *   database, the MAME executable located when its module registers;
 * - a command, or an install action the setup page's buttons run for the owner (a one-off POST on
 *   loopback, the same code as the command): hooks, service, MAME plugin, RetroArch, records and
 *   hiscore commands; ES-DE's settings are also read for its layout at start;
 * - the hook the frontend runs, a process of its own (spool.ts; the service writes a hook there
 *   too while its doors are still opening at start);
 * - the simulated EmulationStation and the demo data;
 * - on purpose: the media scan's walks of the whole library read a disk that answers from its
 *   cache in place, in 10 ms slices (2.8 s of CPU against 9 s through the thread pool for 150,000
 *   files), and go through the pool once it is slow.
 */
const startOrCommandFiles = [
  // start-up
  'src/core/options.ts',
  'src/core/storage/data-dir.ts',
  'src/core/storage/database.ts',
  'src/roms/mame/locate.ts',
  // commands and install actions (atomic-file.ts holds their writeFileAtomicSync)
  'src/achievements/setup-retroarch.ts',
  'src/boot/install-service.ts',
  'src/core/storage/atomic-file.ts',
  'src/frontends/emulationstation/hook-scripts.ts',
  'src/frontends/es-de/settings.ts',
  'src/game-events/mame-plugin/plugin-files.ts',
  'src/hiscores/decode-command.ts',
  'src/records/commands/**',
  // the frontend's hook
  'src/frontend/spool.ts',
  // the simulated ES, demo data
  'src/hiscores/demo-tables.ts',
  'src/panels/demo-panels.ts',
  'src/sim/**',
  // on purpose, in slices
  'src/media/scan-disk.ts'
]

export default tseslint.config(
  { ignores: ['dist/', 'dist-typecheck/', 'node_modules/', 'docs/', 'bench/results/', '.dependency-cruiser.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['error'] }]
    }
  },
  {
    // In the bundle, esbuild splits a lazily imported CommonJS package into a part that exports
    // only `default` (module.exports): a named import works from dist/ and is undefined in the bundle.
    files: ['src/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: "VariableDeclarator[init.argument.type='ImportExpression'][init.argument.source.value=/^[^.]/][init.argument.source.value!=/^node:/] > ObjectPattern > Property[key.name!='default']",
        message: 'take `default` from a dynamic import of a package: a bundled CommonJS package has no named exports there'
      }]
    }
  },
  {
    files: ['bench/**', 'src/cli.ts'],
    rules: { 'no-console': 'off' }
  },
  {
    // A service path (a request, a timer, an event) never waits on the disk with the loop stopped.
    files: ['src/**/*.ts'],
    ignores: startOrCommandFiles,
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'node:fs', importNames: syncFileCalls, message: 'use node:fs/promises: this file runs on request, timer or event paths (or list it in eslint.config.js as start or command code)' }],
        patterns: [{ group: ['**/atomic-file.js'], importNames: ['writeFileAtomicSync'], message: 'use writeFileAtomic: this file runs on request, timer or event paths' }]
      }]
    }
  }
)
