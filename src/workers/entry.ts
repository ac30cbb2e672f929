/**
 * Where a worker script is when the code runs. The convention (docs/architecture.md): a worker's
 * entry is `src/<dir>/<name>.worker.ts`, built as its own entry at `dist/<dir>/<name>.worker.js`,
 * and named from a module in the same directory with a literal
 * `new URL('./<name>.worker.js', import.meta.url)`, which the bundled build rewrites to that place.
 * Pass that URL and the caller's `import.meta.url` here.
 */
export function workerScript(script: URL, callerUrl: string): URL {
  if (!callerUrl.endsWith('.ts')) return script;
  // Running from sources (vitest): a worker thread cannot load TypeScript, so the built file in
  // dist/ is used (src/ maps to dist/ one to one; the test setup builds it first).
  const at = script.href.lastIndexOf('/src/');
  if (at < 0) return script;
  return new URL(`${script.href.slice(0, at)}/dist/${script.href.slice(at + '/src/'.length)}`);
}
