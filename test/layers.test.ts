/**
 * The floors of src/ are one list (`LAYERS` in .dependency-cruiser.cjs, enforced by `npm run
 * check`): every folder of src/ is on it, and docs/architecture.md draws exactly that list and
 * describes every folder on it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const layers: string[][] = createRequire(import.meta.url)('../.dependency-cruiser.cjs').layers;
const doc = readFileSync(new URL('../docs/architecture.md', import.meta.url), 'utf8');
const srcEntries = readdirSync(new URL('../src', import.meta.url), { withFileTypes: true });
const folders = new Set(srcEntries.filter((entry) => entry.isDirectory()).map((entry) => entry.name));
const section = doc.slice(doc.indexOf('## Layers'), doc.indexOf('\n## ', doc.indexOf('## Layers') + 1));

/** The drawing's floors, bottom first: a line's first column, neighbours joined by ` · `. */
function drawnFloors(): string[][] {
  const block = /```\n([\s\S]*?)\n```/.exec(section)?.[1] ?? '';
  return block
    .split('\n')
    .map((line) => (line.split(/ {2,}/)[0] ?? '').split(' · ').map((name) => name.trim()))
    .reverse();
}

describe('layers', () => {
  it('put every folder and root file of src/ on exactly one floor', () => {
    const onFloors = layers.flat();
    expect(new Set(onFloors).size).toBe(onFloors.length);
    const entries = srcEntries.map((entry) => entry.name.replace(/\.ts$/, ''));
    expect([...onFloors].sort()).toEqual([...entries].sort());
  });

  it('are drawn in docs/architecture.md as they are listed', () => {
    expect(drawnFloors()).toEqual(layers);
  });

  it('each have a line in the table of folders', () => {
    const firstCells = section
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) => line.split('|')[1] ?? '');
    for (const name of layers.flat()) {
      const shown = folders.has(name) ? `\`src/${name}/\`` : `\`src/${name}.ts\``;
      expect(
        firstCells.some((cell) => cell.includes(shown)),
        shown,
      ).toBe(true);
    }
  });
});
