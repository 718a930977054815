/**
 * The house rules of the source tree (issue 11): the core knows no domain, modules meet only through
 * each other's public index.ts, and no folder imports itself back in a circle. Run by `npm test`.
 */
module.exports = {
  forbidden: [
    {
      name: 'core-knows-no-domain',
      comment: 'src/core is the kernel every module builds on: it may import only itself and the version.',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: '^src/', pathNot: ['^src/core/', '^src/version\\.ts$'] }
    },
    {
      name: 'modules-meet-through-index',
      comment: 'A module uses another only through its public index.ts (and the core through its files).',
      severity: 'error',
      from: { path: '^src/([^/]+)/', pathNot: '^src/browser/' },
      to: { path: '^src/[^/]+/', pathNot: ['^src/$1/', '^src/core/', '^src/[^/]+/index\\.ts$'] }
    },
    {
      name: 'browser-reads-wire-types-only',
      comment: 'The pages\' scripts (src/browser) run in a browser: of the service they take only the types of what it sends (schemas, event declarations, the envelope), with import type.',
      severity: 'error',
      from: { path: '^src/browser/' },
      to: { path: '^src/', pathNot: ['^src/browser/', '^src/[^/]+/(schemas|events)\\.ts$', '^src/core/envelope\\.ts$', '^src/core/events/definition\\.ts$'] }
    },
    {
      name: 'browser-types-only',
      comment: 'A value the browser code imported from the service would be bundled into the page.',
      severity: 'error',
      from: { path: '^src/browser/' },
      to: { path: '^src/', pathNot: '^src/browser/', dependencyTypesNot: ['type-only'] }
    },
    {
      name: 'service-runs-no-browser-code',
      comment: 'The service serves the built scripts (core/browser-scripts.ts); it never imports them.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/browser/' },
      to: { path: '^src/browser/' }
    },
    {
      name: 'composition-through-index',
      comment: 'The command line, the app and the module list compose modules through their public index.ts.',
      severity: 'error',
      from: { path: '^src/[^/]+\\.ts$' },
      to: { path: '^src/[^/]+/', pathNot: ['^src/core/', '^src/[^/]+/index\\.ts$'] }
    },
    {
      name: 'modules-never-import-the-composition',
      comment: 'The module list (src/modules.ts) and the app (src/app.ts) are made of the modules: no module imports them. A command that serves a service of its own gets the build\'s modules and buildService in its CommandContext.',
      severity: 'error',
      from: { path: '^src/[^/]+/' },
      to: { path: '^src/(modules|app)\\.ts$' }
    },
    {
      name: 'no-circular',
      comment: 'Import cycles make start order and types fragile.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true }
    }
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true
  }
}
