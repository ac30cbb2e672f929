/** Atomic writes: a temp copy of a file is owner-only from its creation to its rename. */
import { readdirSync, statSync, watch } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempNamePattern, writeFileAtomic, writeFileAtomicSync } from '../../src/util/atomic-write.js';
import { tempDir } from '../helpers/tool-context.js';

/** Writes `path` (big, so the temp copy lives a while) and reports the temp copy's mode seen while it existed. */
async function tempModeDuringWrite(path: string): Promise<number | undefined> {
  const dir = join(path, '..');
  const pattern = tempNamePattern(path);
  let seen: number | undefined;
  const watcher = watch(dir, (_event, name) => {
    if (seen !== undefined || !name || !pattern.test(name)) return;
    try {
      seen = statSync(join(dir, name)).mode & 0o777;
    } catch {
      // Renamed already: another try.
    }
  });
  try {
    await writeFileAtomic(path, Buffer.alloc(48 * 1024 * 1024, 0x61));
  } finally {
    watcher.close();
  }
  return seen;
}

describe('atomic write', () => {
  it('creates its temp copy 0600 even when the file itself gets the default mode', async () => {
    const dir = tempDir('aibox-atomic-');
    const path = join(dir, 'config.json');
    let seen: number | undefined;
    for (let attempt = 0; attempt < 5 && seen === undefined; attempt++)
      seen = await tempModeDuringWrite(path);
    expect(seen).toBe(0o600);
    expect(statSync(path).mode & 0o777).toBe(0o666 & ~process.umask());
    expect(readdirSync(dir)).toEqual(['config.json']);
  });

  it('gives the file the mode asked for, sync and async', async () => {
    const dir = tempDir('aibox-atomic-');
    await writeFileAtomic(join(dir, 'a'), 'x', 0o640);
    writeFileAtomicSync(join(dir, 'b'), 'x', 0o604);
    writeFileAtomicSync(join(dir, 'c'), 'x');
    expect(statSync(join(dir, 'a')).mode & 0o777).toBe(0o640);
    expect(statSync(join(dir, 'b')).mode & 0o777).toBe(0o604);
    expect(statSync(join(dir, 'c')).mode & 0o777).toBe(0o666 & ~process.umask());
  });

  it('names temp copies so that only those of the file match', () => {
    const pattern = tempNamePattern('/d/config.json');
    expect(pattern.test('.config.json.4242.1.k3y5x0.tmp')).toBe(true);
    expect(pattern.test('.config.json.notes.tmp')).toBe(false);
    expect(pattern.test('.configXjson.1.1.a.tmp')).toBe(false);
  });
});
