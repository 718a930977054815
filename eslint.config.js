import js from '@eslint/js'
import tseslint from 'typescript-eslint'

/** node:fs calls that stop the event loop until the disk answers. */
const syncFileCalls = ['accessSync', 'appendFileSync', 'chmodSync', 'chownSync', 'closeSync', 'copyFileSync', 'cpSync', 'existsSync', 'fchmodSync', 'fchownSync', 'fdatasyncSync', 'fstatSync', 'fsyncSync', 'ftruncateSync', 'futimesSync', 'lchownSync', 'linkSync', 'lstatSync', 'lutimesSync', 'mkdirSync', 'mkdtempSync', 'opendirSync', 'openSync', 'readdirSync', 'readFileSync', 'readlinkSync', 'readSync', 'readvSync', 'realpathSync', 'renameSync', 'rmdirSync', 'rmSync', 'statfsSync', 'statSync', 'symlinkSync', 'truncateSync', 'unlinkSync', 'utimesSync', 'writeFileSync', 'writeSync', 'writevSync']

/**
 * The only files that may call node:fs synchronously, each for one of these reasons:
 * - start-up, before the service listens: the options and config file, the data dir's claim and
 *   database, the MAME executable located when its module registers, ES-DE's settings read for
 *   its layout (the setup page reads that layout through readEsDeLayout);
 * - commands, which run in a process of their own and serve nobody meanwhile;
 * - demo data written as the demo starts, before the service listens, and the simulators.
 * The setup page's buttons, the hook the frontend runs and the media scan are async like any
 * request: test/core/no-sync-io.test.ts runs them with every sync call watched.
 */
const startOrCommandFiles = [
  // start-up
  'src/core/options.ts',
  'src/core/storage/data-dir.ts',
  'src/core/storage/database.ts',
  'src/frontends/es-de/settings-at-start.ts',
  'src/roms/mame/locate.ts',
  // commands
  'src/hiscores/decode-command.ts',
  'src/records/commands/**',
  // demo data, simulators
  'src/hiscores/demo-tables.ts',
  'src/panels/demo-panels.ts',
  'src/sim/**'
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
        paths: [{ name: 'node:fs', importNames: syncFileCalls, message: 'use node:fs/promises: this file runs on request, timer or event paths (or list it in eslint.config.js as start or command code)' }]
      }]
    }
  }
)
