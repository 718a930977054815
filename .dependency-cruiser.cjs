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
      from: { path: '^src/([^/]+)/' },
      to: { path: '^src/[^/]+/', pathNot: ['^src/$1/', '^src/core/', '^src/[^/]+/index\\.ts$'] }
    },
    {
      name: 'composition-through-index',
      comment: 'The command line, the app and the module list compose modules through their public index.ts.',
      severity: 'error',
      from: { path: '^src/[^/]+\\.ts$' },
      to: { path: '^src/[^/]+/', pathNot: ['^src/core/', '^src/[^/]+/index\\.ts$'] }
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
