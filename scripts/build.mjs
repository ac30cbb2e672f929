// Builds the program into dist/ with esbuild (type checking is `npm run check`'s job):
//  1. every src/**/*.ts transpiled one to one (dist/<dir>/<name>.js), for benchmarks and tools
//     that import single modules;
//  2. the CLI (dist/cli/main.js, the `aibox` bin) and every `src/**/*.worker.ts` bundled over
//     that, with code splitting: dynamic import()s stay lazy as chunks in dist/chunks/;
//  3. each quick command (src/cli/quick-entries/) bundled on its own into dist/quick/.
// Loading one bundle instead of ~1,000 small ESM files is most of a command's start-up time.
//
// Invariant the code relies on: every bundled file sits exactly one directory below dist/
// (dist/cli/main.js, dist/chunks/x.js, dist/tools/x.worker.js, …), so `import.meta.dirname`-relative
// paths such as '../web' and '../../skills' mean the same from any of them. A worker entry deeper in
// src/ (src/tools/web/web.worker.ts) is therefore bundled under its top directory
// (dist/tools/web.worker.js); src/workers/entry.ts maps source paths the same way.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const root = resolve(import.meta.dirname, '..');
const src = join(root, 'src');
const dist = join(root, 'dist');

/** Native addons, large optional pieces and packages that load files of their own stay in node_modules. */
const EXTERNAL = [
  'better-sqlite3',
  '@node-rs/jieba',
  '@node-rs/jieba/*',
  'mvdan-sh',
  '@modelcontextprotocol/sdk',
  '@modelcontextprotocol/sdk/*',
  'playwright-core',
  // Required on demand by src/tasks/recurrence.ts (synchronously: its CommonJS build), not at start.
  'croner',
  'bufferutil',
  'utf-8-validate',
  // grammY's CommonJS build breaks when bundled ("is not a constructor"); loaded only with a Telegram channel.
  'grammy',
  'grammy/*',
  // Loads its silk.wasm beside itself (import.meta.url); imported with the first SILK voice note.
  'silk-wasm',
  // A native addon (libvips) whose platform binaries are packages of their own; loaded with the first picture.
  'sharp',
  '@img/*',
];

function sourceFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

const URL_BESIDE = /new URL\(\s*(['"])(\.{1,2}\/[^'"]+)\1\s*,\s*import\.meta\.url\s*\)/g;

/** Where a worker entry (its path below src/, '/'-separated) is bundled: `<top dir>/<name>.worker`. */
function workerOut(sourcePath) {
  const parts = sourcePath.split('/');
  return `${parts[0]}/${parts.at(-1).replace(/\.[jt]s$/, '')}`;
}

/**
 * Source code finds files beside it (worker entry points) with `new URL('./x.worker.js',
 * import.meta.url)`. In a bundle that code runs from dist/cli/ or dist/chunks/, so such URLs
 * are rewritten to the file's place under dist/ (one directory up, then its source path; a worker
 * entry's bundled place, see workerOut).
 */
const besideUrls = {
  name: 'beside-urls',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const dir = relative(src, dirname(args.path)).split(sep).join('/');
      const contents = text.replace(URL_BESIDE, (_all, quote, spec) => {
        const target = posix.normalize(posix.join(dir, spec));
        const built = target.endsWith('.worker.js') ? `${workerOut(target)}.js` : target;
        return `new URL(${quote}../${built}${quote}, import.meta.url)`;
      });
      return { contents, loader: 'ts' };
    });
  },
};

/**
 * zod's `z` namespace re-exports every locale (`z.locales`, 60-odd languages), so a bundle would
 * carry and evaluate all of them on each start. Aibox uses only the English default, which zod
 * loads on its own (classic/schemas.js imports locales/en.js): the namespace becomes empty.
 */
const zodWithoutLocaleTable = {
  name: 'zod-without-locale-table',
  setup(build) {
    build.onResolve({ filter: /\/locales\/index\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]zod[\\/]/.test(args.importer)
        ? { path: 'zod-locales', namespace: 'empty' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'empty' }, () => ({ contents: 'export {};', loader: 'js' }));
  },
};

/**
 * Two SDKs import axios (over 20 MB of RSS with its dependencies in a bare Node) for HTTP calls
 * Aibox makes itself over src/channels/http-call.ts: dingtalk-stream for `getEndpoint` (overridden
 * in src/channels/dingtalk/dingtalk-stream-client.ts) and `getAccessToken` (never called), the
 * Lark SDK for its default HTTP client (the long connection is given ours,
 * src/channels/lark/lark-sdk-options.ts). For those two packages only, axios is replaced by a
 * stand-in whose every request throws, saying so; `axios.create()` and interceptors work (the
 * Lark SDK builds its default client when loaded). Other packages keep axios.
 */
const SDKS_WITHOUT_AXIOS = /[\\/]node_modules[\\/](?:dingtalk-stream|@larksuiteoapi[\\/]node-sdk)[\\/]/;
const AXIOS_STAND_IN = `
function refuse() {
  throw new Error('a chat SDK called axios, which Aibox does not bundle: give the SDK our HTTP client or override the method that made the call');
}
function instance() {
  const use = () => 0;
  const out = Object.assign(function axios() { refuse(); }, { interceptors: { request: { use }, response: { use } } });
  for (const verb of ['request', 'get', 'delete', 'head', 'options', 'post', 'put', 'patch']) out[verb] = refuse;
  return out;
}
const axios = Object.assign(instance(), { create: instance });
export class AxiosError extends Error {}
export default axios;
`;
const sdksWithoutAxios = {
  name: 'sdks-without-axios',
  setup(build) {
    build.onResolve({ filter: /^axios$/ }, (args) =>
      SDKS_WITHOUT_AXIOS.test(args.importer) ? { path: 'axios-stand-in', namespace: 'no-axios' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'no-axios' }, () => ({ contents: AXIOS_STAND_IN, loader: 'js' }));
  },
};

/**
 * The Lark SDK's CommonJS build is one 6 MB file (+50 MB of RSS once loaded, mostly generated API
 * clients); its ES build lets tree shaking keep only what Aibox imports (WSClient, EventDispatcher:
 * under 1 MB). That build reads its version for the User-Agent from package.json next to
 * `__dirname`, which an ES bundle does not have: the version is put in at build time instead.
 */
const larkSdkFromEsBuild = {
  name: 'lark-sdk-from-es-build',
  setup(build) {
    const pkgDir = dirname(createRequire(import.meta.url).resolve('@larksuiteoapi/node-sdk/package.json'));
    const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
    const entry = join(pkgDir, pkg.module);
    build.onResolve({ filter: /^@larksuiteoapi\/node-sdk$/ }, () => ({ path: entry }));
    build.onLoad({ filter: /[\\/]@larksuiteoapi[\\/]node-sdk[\\/]es[\\/]index\.js$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      const head = 'function getSdkVersion() {';
      if (!text.includes(head))
        throw new Error(`${args.path}: no getSdkVersion() to replace; check the SDK upgrade`);
      return { contents: text.replace(head, `${head} return ${JSON.stringify(pkg.version)};`), loader: 'js' };
    });
  },
};

const files = sourceFiles(src);
const workers = files
  .filter((f) => f.endsWith('.worker.ts'))
  .map((f) => ({ in: f, out: workerOut(relative(src, f).split(sep).join('/')) }));
const clash = workers.find((w, i) => workers.findIndex((o) => o.out === w.out) !== i);
if (clash) throw new Error(`two worker entries would be bundled as dist/${clash.out}.js; rename one`);
rmSync(dist, { recursive: true, force: true });

await esbuild.build({
  entryPoints: files,
  outdir: dist,
  outbase: src,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
});

/** What every bundle shares: ESM for Node 20, the externals, the plugins, minified with names. */
const bundleOptions = {
  outdir: dist,
  outbase: src,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  external: EXTERNAL,
  // CommonJS packages inside the bundle call require() for Node built-ins.
  banner: {
    js: "import { createRequire as __aiboxCreateRequire } from 'node:module';\nconst require = __aiboxCreateRequire(import.meta.url);",
  },
  plugins: [besideUrls, zodWithoutLocaleTable, sdksWithoutAxios, larkSdkFromEsBuild],
  minify: true,
  keepNames: true,
  logLevel: 'warning',
};

/**
 * The quick commands (src/cli/quick-commands.ts) are bundles of their own: dist/quick/NAME.js and
 * its chunks beside it, built from src/cli/quick-entries/NAME.ts. Split with the whole program, a
 * quick command loaded ~30 small chunks (every lazy import of the program cuts the shared code
 * differently); on its own it loads a few. In the program's bundle, quick-commands.ts's
 * `import('./quick-entries/NAME.js')` becomes an import of that file. The price: the code both use
 * (config, messages, skills) is in both bundles, on disk only (a process loads one or the other).
 */
const quickEntries = readdirSync(join(src, 'cli/quick-entries'))
  .filter((name) => name.endsWith('.ts') && name !== 'quick-entry.ts')
  .map((name) => name.replace(/\.ts$/, ''));
const quickEntriesExternal = {
  name: 'quick-entries-external',
  setup(build) {
    build.onResolve({ filter: /^\.\/quick-entries\/[\w-]+\.js$/ }, (args) => {
      if (!args.importer.endsWith(join('cli', 'quick-commands.ts'))) return undefined;
      const name = args.path.slice('./quick-entries/'.length, -'.js'.length);
      if (!quickEntries.includes(name)) throw new Error(`${args.path}: no src/cli/quick-entries/${name}.ts`);
      return { path: `../quick/${name}.js`, external: true };
    });
  },
};

await esbuild.build({
  ...bundleOptions,
  entryPoints: [{ in: join(src, 'cli/main.ts'), out: 'cli/main' }, ...workers],
  chunkNames: 'chunks/[name]-[hash]',
  plugins: [...bundleOptions.plugins, quickEntriesExternal],
});

await esbuild.build({
  ...bundleOptions,
  entryPoints: quickEntries.map((name) => ({
    in: join(src, 'cli/quick-entries', `${name}.ts`),
    out: `quick/${name}`,
  })),
  chunkNames: 'quick/[name]-[hash]',
});

// jieba's dictionary grouped by first character (src/skills/search/dict-index.ts), where the segmenter
// looks for it: beside the skills modules. Built with the module just transpiled above.
const { buildDictIndex } = await import(pathToFileURL(join(dist, 'skills/search/dict-index.js')).href);
const jiebaDict = createRequire(import.meta.url).resolve('@node-rs/jieba/dict.txt');
writeFileSync(join(dist, 'skills/search/jieba-dict.idx'), buildDictIndex(readFileSync(jiebaDict, 'utf8')));
