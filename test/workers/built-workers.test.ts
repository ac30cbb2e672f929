/**
 * The build's worker contract (scripts/build.mjs, src/workers/entry.ts): every `src/**\/*.worker.ts`,
 * however deep, is bundled one directory below dist/ under its top directory, and every worker URL
 * the bundled code names points at a file that exists. Reads the dist/ that global setup built.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { workerScript } from '../../src/workers/entry.js';

const root = resolve(import.meta.dirname, '../..');
const src = join(root, 'src');
const dist = join(root, 'dist');

function filesUnder(dir: string, suffix: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith(suffix))
    .map((name) => join(dir, name));
}

describe('built workers', () => {
  const sources = filesUnder(src, '.worker.ts');

  it('finds the worker entries, some of them below a feature folder', () => {
    expect(sources.length).toBeGreaterThan(0);
    expect(sources.some((f) => relative(src, f).split(sep).length > 2)).toBe(true);
  });

  it('bundles each one directory below dist/, where workerScript looks from sources', () => {
    for (const source of sources) {
      const named = workerScript(new URL(`file://${source.replace(/\.ts$/, '.js')}`), import.meta.url);
      const bundle = named.pathname;
      expect(relative(dist, bundle).split(sep), source).toHaveLength(2);
      expect(existsSync(bundle), `${bundle} for ${source}`).toBe(true);
    }
  });

  it('names only worker files that exist, from the CLI bundle and its chunks', () => {
    const bundled = [join(dist, 'cli/main.js'), ...filesUnder(join(dist, 'chunks'), '.js')];
    const named = bundled.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/new URL\("([^"]+\.worker\.js)"/g)].map((m) =>
        resolve(dirname(file), m[1] ?? ''),
      ),
    );
    expect(named.length).toBeGreaterThanOrEqual(sources.length);
    for (const worker of named) expect(existsSync(worker), worker).toBe(true);
  });
});
