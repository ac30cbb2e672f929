/**
 * Where a worker script is. Each worker script is its own file next to the module that uses it
 * (`src/tools/calculator-worker.ts` → `dist/tools/calculator-worker.js`), started with
 * `new Worker(url)`. Contract for the build: tsc keeps that layout; a bundled build (esbuild) must
 * emit every `*-worker.ts` as a separate entry point at the same relative place, never inline it.
 */
export function workerScript(name: string, callerUrl: string): URL {
  const url = new URL(`./${name}.js`, callerUrl);
  if (!callerUrl.endsWith('.ts')) return url;
  // Running from sources (vitest): a worker thread cannot load TypeScript, so the built file in
  // dist/ is used (tsconfig.build.json maps src/ to dist/; the test setup builds it first).
  const at = url.href.lastIndexOf('/src/');
  if (at < 0) return url;
  return new URL(`${url.href.slice(0, at)}/dist/${url.href.slice(at + '/src/'.length)}`);
}
