/** The picture store on a real temp dir: stored once by content hash, private, pruned by age and size. */
import { mkdtempSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPictureStore } from '../../../src/media/pictures/picture-store.js';
import { photoWithExif } from '../../helpers/pictures.js';

const dir = mkdtempSync(join(tmpdir(), 'aibox-pictures-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('picture store', () => {
  it('keeps a picture once, 0600, and removes the oldest past the size limit (never one kept)', async () => {
    let now = new Date('2026-12-01T00:00:00Z');
    let maxBytes = 1e9;
    const store = createPictureStore({
      dir: join(dir, 'p'),
      clock: { now: () => now },
      maxPx: () => 200,
      retention: () => ({ maxAgeMs: 10 * 86_400_000, maxBytes }),
    });
    const a = await store.put(await photoWithExif(400, 400), 'a.jpg');
    const again = await store.put(await photoWithExif(400, 400), 'again.jpg');
    expect(again.id).toBe(a.id);
    expect(statSync(store.path(a.id)).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'p')).mode & 0o777).toBe(0o700);
    const b = await store.put(await photoWithExif(300, 500), 'b.jpg');
    expect([b.width, b.height]).toEqual([120, 200]);
    await store.keepDescription(a.id, 'a square');
    expect(await store.readDescription(a.id)).toBe('a square');

    // a is older; over the size limit it goes (with its description), b stays.
    utimesSync(store.path(a.id), new Date('2026-11-30T00:00:00Z'), new Date('2026-11-30T00:00:00Z'));
    maxBytes = b.bytes + 1;
    expect((await store.prune([])).removed).toBe(1);
    expect(await store.read(a.id)).toBeUndefined();
    expect(await store.readDescription(a.id)).toBeUndefined();
    expect(await store.read(b.id)).toBeDefined();

    // Past the age limit, a picture the turn sends is kept.
    now = new Date('2027-01-01T00:00:00Z');
    const c = await store.put(await photoWithExif(100, 80), 'c.jpg');
    maxBytes = 1e9;
    await store.prune([b.id]);
    expect(await store.read(b.id)).toBeDefined();
    expect(await store.read(c.id)).toBeDefined();
    expect(await store.read('../../etc/passwd')).toBeUndefined();
  });
});
