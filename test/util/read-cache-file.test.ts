import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCacheFileSync } from '../../src/util/read-cache-file.js';

const dir = () => mkdtempSync(join(tmpdir(), 'aibox-cache-read-'));

describe('readCacheFileSync: a cache file as hostile input', () => {
  it('reads a regular file whole, up to the cap', () => {
    const path = join(dir(), 'c.json');
    writeFileSync(path, '{"a":"é"}');
    expect(readCacheFileSync(path)).toBe('{"a":"é"}');
    expect(readCacheFileSync(path, 10)).toBe('{"a":"é"}'); // 10 bytes: at the cap
    expect(readCacheFileSync(path, 9)).toBeUndefined(); // one byte over
  });

  it('refuses what is not a regular file of its own: missing, directory, symlink, FIFO (without hanging)', () => {
    const d = dir();
    writeFileSync(join(d, 'real.json'), '{}');
    mkdirSync(join(d, 'folder'));
    symlinkSync(join(d, 'real.json'), join(d, 'link.json'));
    execFileSync('mkfifo', [join(d, 'fifo.json')]);
    for (const name of ['missing.json', 'folder', 'link.json', 'fifo.json'])
      expect(readCacheFileSync(join(d, name)), name).toBeUndefined();
  });
});
