import js from '@eslint/js'
import tseslint from 'typescript-eslint'

/** node:fs calls that stop the event loop until the disk answers. */
const syncFileCalls = ['accessSync', 'appendFileSync', 'chmodSync', 'closeSync', 'copyFileSync', 'existsSync', 'fstatSync', 'fsyncSync', 'lstatSync', 'mkdirSync', 'mkdtempSync', 'openSync', 'readdirSync', 'readFileSync', 'readSync', 'renameSync', 'rmSync', 'statSync', 'truncateSync', 'unlinkSync', 'writeFileSync', 'writeSync']

/**
 * Files whose synchronous file calls run only at start (before the service listens), in a command
 * (install-hooks, records verify ...), in the hook the frontend runs, in the simulators and demo
 * data, or on purpose (a first look that times its folder reads, the fallback of a gamelist
 * snapshot taken back before its turn).
 */
const startOrCommandFiles = [
  'src/achievements/setup-retroarch.ts',
  'src/boot/install-service.ts',
  'src/core/options.ts',
  'src/core/read-link.ts',
  'src/core/storage/**',
  'src/frontend/spool.ts',
  'src/frontends/emulationstation/hook-scripts.ts',
  'src/frontends/es-de/settings.ts',
  'src/game-events/mame-plugin/plugin-files.ts',
  'src/hiscores/decode-command.ts',
  'src/hiscores/demo-tables.ts',
  'src/library/snapshots.ts',
  'src/media/scan-disk.ts',
  'src/panels/demo-panels.ts',
  'src/panels/evdev.ts',
  'src/records/anchoring/offline-test.ts',
  'src/records/commands/**',
  'src/records/issuer-key.ts',
  'src/records/service-data.ts',
  'src/records/store.ts',
  'src/roms/mame/locate.ts',
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
    ignores: ['src/sim/**'],
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
