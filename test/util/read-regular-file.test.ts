import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRegularFileSync } from '../../src/util/read-regular-file.js';

describe('readRegularFileSync', () => {
  it('reads a regular file as bytes, through a symlink unless noFollow', () => {
    const d = mkdtempSync(join(tmpdir(), 'aibox-regular-read-'));
    writeFileSync(join(d, 'real.md'), 'é\n');
    symlinkSync(join(d, 'real.md'), join(d, 'link.md'));
    expect(readRegularFileSync(join(d, 'real.md'))).toEqual(Buffer.from('é\n'));
    expect(readRegularFileSync(join(d, 'link.md'))).toEqual(Buffer.from('é\n'));
    expect(readRegularFileSync(join(d, 'link.md'), { noFollow: true })).toBeUndefined();
    expect(readRegularFileSync(join(d, 'real.md'), { maxBytes: 2 })).toBeUndefined();
  });

  it('gives undefined for a FIFO (without blocking), a directory or nothing', () => {
    const d = mkdtempSync(join(tmpdir(), 'aibox-regular-read-'));
    mkdirSync(join(d, 'folder'));
    execFileSync('mkfifo', [join(d, 'fifo.md')]);
    for (const name of ['fifo.md', 'folder', 'missing.md'])
      expect(readRegularFileSync(join(d, name)), name).toBeUndefined();
  });
});
