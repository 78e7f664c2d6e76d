/*
 * The house's boundaries (docs/architecture.md, "Boundaries"), checked by `npm run lint`:
 * no import cycle; the packages never import the apps; a web feature never imports another feature's files
 * (what two features share lives in apps/web/src/components or lib, and the operations tables they call are
 * shared contracts); an API module never imports another module (shared code lives in apps/api/src/lib).
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'An import cycle: split what both sides need into a third module.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'packages-not-apps',
      severity: 'error',
      comment: 'packages/* are below the apps: they never import them.',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-feature-internals',
      severity: 'error',
      comment: "A web feature imports another feature's files: move what both need to components or lib.",
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'api-module-internals',
      severity: 'error',
      comment: "An API module imports another module's files: move what both need to apps/api/src/lib.",
      from: { path: '^apps/api/src/modules/([^/]+)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/api/src/modules/([^/]+)/', pathNot: '^apps/api/src/modules/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|coverage|test-results|playwright-report)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    combinedDependencies: true,
  },
};
