/**
 * Where a worker script is when the code runs. The convention (docs/architecture.md): a worker's
 * entry is `src/<dir>/…/<name>.worker.ts`, bundled on its own at `dist/<dir>/<name>.worker.js`
 * (under its top directory only: every bundled file sits one directory below dist/, see
 * scripts/build.mjs), and named from a module in the same directory with a literal
 * `new URL('./<name>.worker.js', import.meta.url)`, which the bundled build rewrites to that place.
 * Pass that URL and the caller's `import.meta.url` here.
 */
export function workerScript(script: URL, callerUrl: string): URL {
  // Running from sources (vitest), a worker thread cannot load TypeScript; running a module of
  // dist/ transpiled one to one (benchmarks), the URL still names the source's subdirectory.
  // Both use the bundle in dist/ (the test setup builds it first).
  const tree = callerUrl.endsWith('.ts') ? '/src/' : '/dist/';
  const at = script.href.lastIndexOf(tree);
  if (at < 0) return script;
  const below = script.href.slice(at + tree.length).split('/');
  const bundled = below.length > 2 ? [below[0], below.at(-1)] : below;
  return new URL(`${script.href.slice(0, at)}/dist/${bundled.join('/')}`);
}
