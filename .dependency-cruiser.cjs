/** Layer rules (DESIGN.md §6): imports flow shared → features → app, never back or across. */
module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
    {
      name: 'shared-is-a-leaf',
      comment: 'packages/shared holds contracts only; it imports no other workspace.',
      severity: 'error',
      from: { path: '^packages/shared' },
      to: { path: '^(apps|packages/db)/' },
    },
    { name: 'db-below-apps', severity: 'error', from: { path: '^packages/db' }, to: { path: '^apps/' } },
    {
      name: 'web-not-server',
      comment: 'The browser bundle never reaches server code or the database package.',
      severity: 'error',
      from: { path: '^apps/web' },
      to: { path: '^(apps/server|packages/db)/' },
    },
    { name: 'server-not-web', severity: 'error', from: { path: '^apps/server' }, to: { path: '^apps/web/' } },
    {
      name: 'web-feature-isolation',
      comment:
        'A feature never imports another feature: what two features share moves down into components/ (UI, no domain) or lib/ (hooks, helpers) the second time it is written.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-lower-layers-stay-low',
      comment: 'ui primitives and lib know nothing of features or the app shell.',
      severity: 'error',
      from: { path: '^apps/web/src/(components|lib)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-features-not-app',
      severity: 'error',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'server-repos-are-private',
      comment:
        'Only a module’s own services (and its notification channels, services that send; its front door, which wires them) read a repository.',
      severity: 'error',
      from: {
        path: '^apps/server/src/modules/([^/]+)/',
        pathNot: '\\.service\\.ts$|\\.channel\\.ts$|\\.module\\.ts$|\\.test\\.ts$',
      },
      to: { path: '\\.repo\\.ts$' },
    },
    {
      name: 'server-repos-only-own-module',
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: { path: '^apps/server/src/modules/[^/]+/[^/]+\\.repo\\.ts$', pathNot: '^apps/server/src/modules/$1/' },
    },
    {
      name: 'server-module-internals-are-private',
      comment:
        'Another module reaches a module only through its front door, modules/<x>/<x>.module.ts (tests may look inside).',
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/', pathNot: '\\.test\\.ts$' },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/([^/]+)/\\1\\.module\\.ts$'],
      },
    },
    {
      name: 'server-modules-through-front-doors',
      comment:
        'Code outside the modules (app, work, kernel, lib, plugins, video) uses a module only through its front door.',
      severity: 'error',
      from: { path: '^apps/server/src/', pathNot: '^apps/server/src/modules/|\\.test\\.ts$' },
      to: { path: '^apps/server/src/modules/', pathNot: '^apps/server/src/modules/([^/]+)/\\1\\.module\\.ts$' },
    },
    {
      name: 'repos-call-no-services',
      comment:
        'A repository holds SQL only: what follows a write (a job, an audit entry) is queued by its caller, in the same transaction.',
      severity: 'error',
      from: { path: '\\.repo\\.ts$' },
      to: { path: '\\.(service|module)\\.ts$' },
    },
    {
      name: 'services-know-no-http',
      comment: 'Services hold the rules and never import Fastify.',
      severity: 'error',
      from: { path: '\\.service\\.ts$' },
      to: { path: 'node_modules/(fastify|@fastify)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|data|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js'],
    },
  },
};
