/**
 * The layering of src/ (docs/architecture.md draws this list), checked by `npm run check`.
 *
 * LAYERS is the one ordered list of floors, bottom first. A module may import its own folder and
 * the folders of lower floors, never a folder of its own floor or of a higher one (type-only
 * imports count: a type is part of what a module knows). Every folder of src/ (and each file at
 * its root) must be on a floor. The rules below are generated from the list; the few after it say
 * what a list cannot (cycles, the page, frozen migrations).
 */
const LAYERS = [
  ['protocol'],
  ['util', 'i18n', 'version', 'error-codes'],
  ['errors', 'error-frame'],
  ['config'],
  ['log'],
  ['store', 'workers'],
  ['providers', 'backup'],
  ['conversations', 'memory', 'prompts', 'tasks', 'skills'],
  ['chats', 'safety'],
  ['tools'],
  ['mcp'],
  ['agent'],
  ['session'],
  ['usage', 'scheduler', 'media'],
  ['consolidation'],
  ['app'],
  ['slash-commands'],
  ['channels', 'client'],
  ['mcp-server'],
  ['server'],
  ['cli'],
];

/** `src/<name>/…` for a folder, `src/<name>.ts` for a file at the root of src/. */
const place = (name) => `^src/${name.replace(/[.-]/g, (c) => `\\${c}`)}(/|\\.ts$)`;

const layerRules = LAYERS.flatMap((floor, index) => {
  const below = LAYERS.slice(0, index).flat();
  return floor.map((name) => ({
    name: `layer-${name}`,
    severity: 'error',
    comment: below.length
      ? `${name} imports only itself and the floors below it: ${below.join(', ')}.`
      : `${name} is the bottom floor: it imports nothing else of src/.`,
    from: { path: place(name) },
    to: { path: '^src/', pathNot: [place(name), ...below.map(place)] },
  }));
});

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'every-module-has-a-floor',
      severity: 'error',
      comment:
        'A new folder of src/ goes on a floor of LAYERS (.dependency-cruiser.cjs) and in docs/architecture.md.',
      from: { path: '^src/', pathNot: LAYERS.flat().map(place) },
      to: {},
    },
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
      // (a worktree whose node_modules is a link to another checkout's resolves zod there)
      to: { pathNot: ['^src/protocol', '(^|/)node_modules/zod/'] },
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
          '^src/protocol/(frames|parse-server-frame|env-lines|form|form-text)\\.ts$',
          '^src/server/api/dto\\.ts$',
          '^src/mcp/types\\.ts$',
        ],
      },
    },
    {
      name: 'commands-see-the-app-through-services',
      severity: 'error',
      comment:
        'A slash command is handed the narrow CommandServices; only slash-commands/services.ts, which builds it, sees the app.',
      from: { path: '^src/slash-commands/', pathNot: '^src/slash-commands/services\\.ts$' },
      to: { path: '^src/app/' },
    },
    {
      name: 'client-is-a-client',
      severity: 'error',
      comment: 'aibox chat speaks the protocol; it does not reach into the server or the agent.',
      from: { path: '^src/client' },
      to: { path: '^src/(server|app|session|agent|scheduler|tools|store|memory|tasks|slash-commands)' },
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
// For test/layers.test.ts (not a key of dependency-cruiser's config).
Object.defineProperty(module.exports, 'layers', { value: LAYERS, enumerable: false });
