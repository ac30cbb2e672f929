/**
 * The saved full texts of long tool results are bounded: by age, then by total size (oldest first),
 * after every save and when the box starts; only files named as saved results are ever removed.
 */
import { existsSync, mkdirSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigSchema } from '../../src/config/schema.js';
import { createResultFiles, filesToRemove } from '../../src/tools/result-files.js';
import { resultLimiterFromConfig } from '../../src/tools/result-limit.js';
import { tempHome } from '../helpers/cli.js';
import { createQuietApp } from '../helpers/quiet-app.js';
import { tempDir } from '../helpers/tool-context.js';

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-11-30T10:00:00.000Z');
const clock = { now: () => NOW };

/** A saved result as the limiter names it, `bytes` long, last written `ageMs` before `now`. */
function saved(dir: string, name: string, bytes: number, ageMs: number, now = NOW.getTime()): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  writeFileSync(path, 'x'.repeat(bytes));
  const when = new Date(now - ageMs);
  utimesSync(path, when, when);
  return path;
}

const stamp = (n: number) => `2026-11-2${n}T10-00-00-000Z-call_${n}.txt`;

describe('saved tool results', () => {
  it('removes files past the age limit, never files it did not name, nor a save in progress', async () => {
    const dir = tempDir();
    saved(dir, stamp(1), 10, 9 * DAY);
    saved(dir, stamp(2), 10, 8 * DAY);
    saved(dir, stamp(3), 10, 1 * DAY);
    saved(dir, 'notes.txt', 10, 30 * DAY); // the user's own file
    saved(dir, `.${stamp(4)}.123.abcd.tmp`, 10, 30 * DAY); // an atomic write's temp file
    mkdirSync(join(dir, stamp(5))); // a folder with a saved result's name
    const files = createResultFiles({ dir, clock, retention: () => ({ maxAgeMs: 7 * DAY, maxBytes: 1e9 }) });
    expect(await files.prune()).toEqual({ removed: 2, removedBytes: 20 });
    expect(readdirSync(dir).sort()).toEqual([`.${stamp(4)}.123.abcd.tmp`, stamp(3), stamp(5), 'notes.txt']);
  });

  it('removes the oldest until the rest fit in the size limit; the file just saved always stays', async () => {
    const dir = tempDir();
    saved(dir, stamp(1), 400, 3000);
    saved(dir, stamp(2), 400, 2000);
    saved(dir, stamp(3), 400, 1000);
    const files = createResultFiles({ dir, clock, retention: () => ({ maxAgeMs: DAY, maxBytes: 1000 }) });
    const path = await files.save('y'.repeat(300), 'new');
    expect(path).toBe(join(dir, '2026-11-30T10-00-00-000Z-new.txt'));
    await files.prune(); // the save's own prune runs in the background: this waits for it
    // 1,500 bytes: the oldest goes, 1,100 still over 1,000: the next one too.
    expect(readdirSync(dir).sort()).toEqual([stamp(3), '2026-11-30T10-00-00-000Z-new.txt']);

    const huge = await files.save('z'.repeat(5000), 'huge');
    await files.prune();
    expect(readdirSync(dir)).toEqual(['2026-11-30T10-00-00-000Z-huge.txt']);
    expect(huge && existsSync(huge)).toBe(true);
  });

  it('decides oldest first, by time then name, and never the newest by size', () => {
    const file = (path: string, bytes: number, mtimeMs: number) => ({ path, bytes, mtimeMs });
    const files = [file('a', 5, 1), file('b', 5, 1), file('c', 5, 2), file('d', 5, 3)];
    expect(filesToRemove(files, { maxAgeMs: 100, maxBytes: 10 }, 50).map((f) => f.path)).toEqual(['a', 'b']);
    expect(filesToRemove(files, { maxAgeMs: 100, maxBytes: 1 }, 50).map((f) => f.path)).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(
      filesToRemove(files, { maxAgeMs: 100, maxBytes: 10 }, 50, new Set(['a'])).map((f) => f.path),
    ).toEqual(['b', 'c']);
    expect(filesToRemove(files, { maxAgeMs: 48.5, maxBytes: 100 }, 50).map((f) => f.path)).toEqual([
      'a',
      'b',
    ]);
    // Everything past the age: the newest by time ('d') stays, and the last by name ('e') too.
    const skewed = [...files.slice(0, 3), file('e', 5, 2.5), file('d', 5, 3)];
    expect(filesToRemove(skewed, { maxAgeMs: 1, maxBytes: 100 }, 1e6).map((f) => f.path)).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it('never removes the newest by age when the clock is ahead of the files, nor the file just saved', async () => {
    const dir = tempDir();
    saved(dir, stamp(1), 10, 3000);
    saved(dir, stamp(2), 10, 2000);
    saved(dir, stamp(3), 10, 1000);
    const ahead = { now: () => new Date(NOW.getTime() + 30 * DAY) };
    const files = createResultFiles({
      dir,
      clock: ahead,
      retention: () => ({ maxAgeMs: 7 * DAY, maxBytes: 1e9 }),
    });
    expect(await files.prune()).toEqual({ removed: 2, removedBytes: 20 });
    expect(readdirSync(dir)).toEqual([stamp(3)]);

    // The box's clock a year ahead of the file system: the file just saved is "a year old" by its mtime.
    const yearAhead = { now: () => new Date(Date.now() + 365 * DAY) };
    const late = createResultFiles({
      dir,
      clock: yearAhead,
      retention: () => ({ maxAgeMs: DAY, maxBytes: 1e9 }),
    });
    const path = await late.save('fresh', 'fresh');
    await late.prune(); // the save's own prune
    await late.prune(); // and a later one (as at the next start), the save no longer in progress
    expect(readdirSync(dir)).toEqual([path?.slice(dir.length + 1)]);
  });

  it('keeps the last saved by name when an older file has an mtime in the future', async () => {
    const dir = tempDir();
    const future = saved(dir, stamp(1), 10, -365 * DAY); // copied in from a machine whose clock was ahead
    saved(dir, stamp(2), 10, 9 * DAY);
    saved(dir, stamp(3), 10, 8 * DAY);
    const files = createResultFiles({ dir, clock, retention: () => ({ maxAgeMs: 7 * DAY, maxBytes: 15 }) });
    // stamp(1) is the newest by mtime, stamp(3) the last saved: both stay, over the size limit too.
    expect(await files.prune()).toEqual({ removed: 1, removedBytes: 10 });
    expect(readdirSync(dir).sort()).toEqual([stamp(1), stamp(3)]);
    expect(statSync(future).mtimeMs).toBeGreaterThan(NOW.getTime());
  });

  it('keeps everything without a retention; parallel saves leave the folder within the limit', async () => {
    const dir = tempDir();
    saved(dir, stamp(1), 10, 365 * DAY);
    const kept = createResultFiles({ dir, clock });
    await kept.save('a', 'a');
    await kept.prune();
    expect(await kept.prune()).toEqual({ removed: 0, removedBytes: 0 });
    expect(readdirSync(dir)).toHaveLength(2);

    const bounded = createResultFiles({ dir, clock, retention: () => ({ maxAgeMs: DAY, maxBytes: 25 }) });
    const paths = await Promise.all(['p', 'q', 'r', 's'].map((id) => bounded.save('v'.repeat(10), id)));
    expect(paths.every((p) => p !== undefined)).toBe(true);
    // Each save keeps its own file; once they are all done, the folder fits again.
    await bounded.prune();
    const left = readdirSync(dir);
    expect(left).not.toContain(stamp(1));
    expect(left.reduce((sum, name) => sum + statSync(join(dir, name)).size, 0)).toBeLessThanOrEqual(25);
  });

  it('the app limiter reads tools.result_files_* at each save, so /reload applies', async () => {
    const dir = tempDir();
    const config = ConfigSchema.parse({ tools: { max_result_chars: 1000 } });
    expect(config.tools).toMatchObject({ result_files_max_age_days: 7, result_files_max_mb: 100 });
    const limiter = resultLimiterFromConfig(config, { toolResults: dir }, clock);
    saved(dir, stamp(1), 2000, 6 * DAY);
    await limiter.limit('w'.repeat(3000), { callId: 'one', lang: 'en' });
    await limiter.pruneSaved();
    expect(readdirSync(dir)).toHaveLength(2);
    config.tools.result_files_max_age_days = 5;
    config.tools.result_files_max_mb = 4000 / 1024 / 1024;
    await limiter.limit('w'.repeat(3000), { callId: 'two', lang: 'en' });
    await limiter.pruneSaved();
    // The 6-day-old file is past 5 days; the 3,000 bytes of `one` do not fit beside `two`.
    expect(readdirSync(dir)).toEqual(['2026-11-30T10-00-00-000Z-two.txt']);
  });

  it('are pruned when the box starts', async () => {
    const home = tempHome('aibox-result-files-');
    writeFileSync(join(home, 'config.json'), JSON.stringify({ tools: { result_files_max_age_days: 1 } }));
    // The app runs on the real clock.
    const old = saved(join(home, 'tool_results'), stamp(1), 10, 2 * DAY, Date.now());
    const fresh = saved(join(home, 'tool_results'), stamp(2), 10, 0, Date.now());
    const app = await createQuietApp({ home, env: { HOME: home } });
    try {
      await expect.poll(() => existsSync(old)).toBe(false);
      expect(existsSync(fresh)).toBe(true);
    } finally {
      await app.close();
    }
  });
});
