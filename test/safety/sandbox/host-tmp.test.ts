import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isRealTmpPath } from '../../../src/safety/sandbox/host-tmp.js';
import { tempDir } from '../../helpers/tool-context.js';

describe("what of the host's /tmp a path names", () => {
  it('names the dir itself, an entry, anything below an entry, and what a glob matches', () => {
    const tmp = tempDir('aibox-host-tmp-');
    mkdirSync(join(tmp, 'build'));
    writeFileSync(join(tmp, 'notes.txt'), 'x');
    symlinkSync('/nonexistent-target', join(tmp, 'dangling'));
    const real = (path: string) => isRealTmpPath(join(tmp, path), tmp);
    expect(isRealTmpPath(tmp, tmp)).toBe(true);
    expect(real('build')).toBe(true);
    expect(real('build/new/deeper')).toBe(true);
    expect(real('notes.txt')).toBe(true);
    expect(real('notes.txt/x')).toBe(true);
    expect(real('dangling')).toBe(true);
    expect(real('*')).toBe(true);
    expect(real('bu*/x')).toBe(true);
    expect(real('b?ild')).toBe(true);
    expect(real('[ab]uild')).toBe(true);
    expect(real('{x,build}')).toBe(true);
    expect(real('not-there')).toBe(false);
    expect(real('not-there/x')).toBe(false);
    expect(real('zz*')).toBe(false);
    expect(real('not-there/*')).toBe(false);
    expect(real('a.b*')).toBe(false);
  });
});
