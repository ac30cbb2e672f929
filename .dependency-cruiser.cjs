/**
 * The layering of src/ (docs/architecture.md), checked by `npm run check`. Lower layers never
 * import higher ones; each rule names the layer it protects.
 */
/** Layers everything may use: no Aibox concept of their own above them. */
const BASE =
  '^src/(util|i18n|errors\\.ts|error-codes\\.ts|error-frame\\.ts|version\\.ts|protocol|log|config)';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules form no cycles at run time (a type-only import back is allowed).',
      from: { path: '^src' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'protocol-is-standalone',
      severity: 'error',
      comment: 'src/protocol is bundled into the web page: no other module of Aibox, no Node built-ins.',
      from: { path: '^src/protocol' },
      to: { pathNot: ['^src/protocol', '^node_modules/zod'] },
    },
    {
      name: 'web-uses-protocol-and-dto-only',
      severity: 'error',
      comment:
        'The page imports the wire types (src/protocol) and the API shapes, nothing else of the server.',
      from: { path: '^web/src' },
      to: {
        path: '^src',
        pathNot: [
          '^src/protocol/(frames|parse-server-frame|env-lines)\\.ts$',
          '^src/server/api/dto\\.ts$',
          '^src/mcp/types\\.ts$',
        ],
      },
    },
    {
      name: 'base-is-bottom',
      severity: 'error',
      comment: 'util, i18n, errors, protocol, log and config depend on nothing above them.',
      from: { path: BASE },
      to: { path: '^src', pathNot: [BASE] },
    },
    {
      name: 'only-cli-uses-cli',
      severity: 'error',
      comment: 'The command line is the top: nothing imports it.',
      from: { pathNot: '^src/cli' },
      to: { path: '^src/cli' },
    },
    {
      name: 'app-is-wiring',
      severity: 'error',
      comment:
        "src/app wires the features together; only the entry points (cli, server, mcp-server, channels) see it, and commands/services.ts, which builds the slash commands' narrow view of it.",
      from: {
        path: '^src',
        pathNot: ['^src/(app|cli|server|mcp-server|channels)', '^src/commands/services\\.ts$'],
      },
      to: { path: '^src/app' },
    },
    {
      name: 'client-is-a-client',
      severity: 'error',
      comment: 'aibox chat speaks the protocol; it does not reach into the server or the agent.',
      from: { path: '^src/client' },
      to: { path: '^src/(server|app|session|agent|scheduler|tools|store|memory|tasks)' },
    },
    {
      name: 'server-is-an-entry',
      severity: 'error',
      comment:
        'Only the entry points (cli, server, mcp-server, channels) import the server; app sits below it.',
      from: { path: '^src', pathNot: '^src/(server|cli|mcp-server|channels)' },
      to: { path: '^src/server' },
    },
    {
      name: 'tasks-below-sessions',
      severity: 'error',
      comment: 'Tasks are data; the scheduler runs them as sessions.',
      from: { path: '^src/tasks' },
      to: { path: '^src/(session|agent|scheduler|server|app)' },
    },
    {
      name: 'store-below-features',
      severity: 'error',
      comment: 'The SQLite store knows no feature: it imports only itself and the base layer.',
      from: { path: '^src/store' },
      to: { path: '^src', pathNot: ['^src/store/', BASE] },
    },
    {
      name: 'backup-below-features',
      severity: 'error',
      comment:
        'Snapshots copy the data dir as files and SQLite pages: they know the store and the base layer, no feature.',
      from: { path: '^src/backup' },
      to: { path: '^src', pathNot: ['^src/(backup|store)/', BASE] },
    },
    {
      name: 'migrations-are-frozen',
      severity: 'error',
      comment:
        'A migration is history: it reads only the store and util, never a live module that may change what it writes.',
      from: { path: '^src/store/migrations/' },
      to: { path: '^src/', pathNot: ['^src/store/', '^src/util/'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|node_modules)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
