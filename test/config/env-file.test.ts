/** The data dir's service.env is outside input: a FIFO, a huge file or a folder in its place reads as none. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readEnvFile } from '../../src/config/env-file.js';

const dir = mkdtempSync(join(tmpdir(), 'aibox-env-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('readEnvFile', () => {
  it('reads KEY=value lines, quotes and export taken off, comments skipped', () => {
    const path = join(dir, 'ok.env');
    writeFileSync(path, '# key\nexport DEEPSEEK_API_KEY="sk-1"\nOTHER=\'two words\'\nnot a line\n');
    expect(readEnvFile(path)).toEqual({ DEEPSEEK_API_KEY: 'sk-1', OTHER: 'two words' });
  });

  it('gives none for a FIFO (without waiting for a writer), a file over 64 KiB, a folder, nothing', () => {
    const fifo = join(dir, 'fifo.env');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    expect(readEnvFile(fifo)).toEqual({});
    const huge = join(dir, 'huge.env');
    writeFileSync(huge, `A=${'x'.repeat(70 * 1024)}\n`);
    expect(readEnvFile(huge)).toEqual({});
    const folder = join(dir, 'folder.env');
    mkdirSync(folder);
    expect(readEnvFile(folder)).toEqual({});
    expect(readEnvFile(join(dir, 'missing.env'))).toEqual({});
  });
});
