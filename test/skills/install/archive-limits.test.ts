/**
 * Unpacking hostile skill archives (stageSkill, the install worker's job, called here in-process):
 * every limit holds while the entries are written, the first one reached stops the whole archive,
 * and bad entry names are refused before anything is written.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { ArchiveProblem } from '../../../src/skills/install/archive-limits.js';
import { describeArchiveProblem } from '../../../src/skills/install/install-report.js';
import { type StageInput, stageSkill } from '../../../src/skills/install/stage-skill.js';
import { buildTar, buildZip, deflatedZeros, type TarEntry, type ZipEntry } from '../archives.js';
import { tempDir } from '../fixtures.js';

const MiB = 1024 * 1024;
const SKILL_MD = { name: 'SKILL.md', data: Buffer.from('---\nname: x\ndescription: y\n---\nbody\n') };

/** Every file under `dir`, with its size. */
function filesUnder(dir: string): Record<string, number> {
  const out: Record<string, number> = {};
  const walk = (at: string, below: string) => {
    for (const entry of readdirSync(at)) {
      const path = join(at, entry);
      const rel = below ? `${below}/${entry}` : entry;
      if (statSync(path).isDirectory()) walk(path, rel);
      else out[rel] = statSync(path).size;
    }
  };
  walk(dir, '');
  return out;
}

async function stage(kind: StageInput['kind'], data: Buffer | string, limits: StageInput['limits'] = {}) {
  const work = tempDir();
  let source = typeof data === 'string' ? data : join(work, kind === 'zip' ? 'a.zip' : 'a.tar.gz');
  if (typeof data !== 'string') writeFileSync(source, data);
  if (kind === 'folder' && typeof data !== 'string') source = work;
  const staging = join(work, 'staging');
  const outcome = await stageSkill({ kind, source, staging, limits });
  return { outcome, staging, files: filesUnder(staging) };
}

async function zipProblem(entries: ZipEntry[], limits: StageInput['limits'] = {}) {
  const result = await stage('zip', buildZip(entries), limits);
  if (result.outcome.ok) throw new Error('expected the zip to be refused');
  return { ...result, problem: result.outcome.problem as ArchiveProblem };
}

async function tarProblem(entries: TarEntry[] | Buffer, limits: StageInput['limits'] = {}) {
  const tar = Array.isArray(entries) ? gzipSync(buildTar(entries)) : entries;
  const result = await stage('tar.gz', tar, limits);
  if (result.outcome.ok) throw new Error('expected the tar.gz to be refused');
  return { ...result, problem: result.outcome.problem as ArchiveProblem };
}

describe('zip bombs stop at the first limit, while reading', () => {
  it('an honest header over the per-entry limit: refused before anything of it is inflated', async () => {
    const { problem, files } = await zipProblem([
      SKILL_MD,
      { name: 'assets/zeros.bin', packed: deflatedZeros(1024), declaredSize: 1024 * MiB },
    ]);
    expect(problem).toMatchObject({ kind: 'limit', limit: 'entryBytes', entry: 'assets/zeros.bin' });
    expect(files).toEqual({ 'SKILL.md': SKILL_MD.data.length });
    expect(describeArchiveProblem(problem, 'en')).toBe(
      'one file unpacks to more than the limit of 50 MiB (at entry assets/zeros.bin)',
    );
    expect(describeArchiveProblem(problem, 'zh')).toBe(
      '单个文件解压后超过上限 50 MiB（条目 assets/zeros.bin）',
    );
  });

  it('a header that lies (declares 1 KiB, holds 1 GiB): stopped at the first byte past 1 KiB', async () => {
    const { problem, files } = await zipProblem([
      SKILL_MD,
      { name: 'bomb.bin', packed: deflatedZeros(1024), declaredSize: 1024 },
    ]);
    expect(problem).toEqual({ kind: 'size_mismatch', entry: 'bomb.bin', declared: 1024 });
    expect(files['bomb.bin']).toBeLessThanOrEqual(1024);
  });

  it('a declared size within the limits but compressed past the ratio: refused before inflating', async () => {
    const { problem, files } = await zipProblem([
      { name: 'zeros.bin', packed: deflatedZeros(40), declaredSize: 40 * MiB },
    ]);
    expect(problem).toMatchObject({ kind: 'limit', limit: 'ratio', max: 100 });
    expect(files).toEqual({});
  });

  it('the total over all entries, counted on bytes written', async () => {
    const random = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 7919) % 251));
    const { problem, files } = await zipProblem(
      [
        SKILL_MD,
        ...[1, 2, 3].map((i) => ({ name: `part${i}.bin`, data: random(400 * 1024), deflate: true })),
      ],
      { totalBytes: MiB },
    );
    expect(problem).toMatchObject({ kind: 'limit', limit: 'totalBytes', entry: 'part3.bin' });
    expect(Object.values(files).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(MiB);
  });

  it('more entries than the limit: refused from the directory, nothing written', async () => {
    const entries = Array.from({ length: 2001 }, (_, i) => ({ name: `f${i}.txt`, data: Buffer.from('x') }));
    const { problem, files } = await zipProblem(entries);
    expect(problem).toEqual({ kind: 'limit', limit: 'entries', max: 2000 });
    expect(files).toEqual({});
  });

  it.each([
    ['../', '../evil/SKILL.md', { kind: 'parent' }],
    ['a nested ../', 'a/b/../../../evil', { kind: 'parent' }],
    ['an absolute path', '/tmp/evil', { kind: 'absolute' }],
    ['a drive letter', 'C:/evil', { kind: 'absolute' }],
    ['a backslash', 'a\\..\\evil', { kind: 'backslash' }],
    ['a deep path', `${'d/'.repeat(17)}f`, { kind: 'limit', limit: 'depth' }],
  ])('refuses %s', async (_label, name, expected) => {
    const { problem, files } = await zipProblem([SKILL_MD, { name, data: Buffer.from('x') }]);
    expect(problem).toMatchObject(expected);
    expect(Object.keys(files)).toEqual(['SKILL.md']);
    expect(existsSync('/tmp/evil')).toBe(false);
  });

  it('refuses a symlink and a device', async () => {
    expect(
      (await zipProblem([{ name: 'SKILL.md', data: Buffer.from('/etc/passwd'), mode: 0o120777 }])).problem,
    ).toEqual({
      kind: 'link',
      entry: 'SKILL.md',
    });
    expect((await zipProblem([{ name: 'dev', mode: 0o020644 }])).problem).toEqual({
      kind: 'special',
      entry: 'dev',
    });
  });
});

describe('entry names with control or hidden characters are refused before anything is written or shown', () => {
  it.each([
    ['ESC (colour)', 'SKILL.md\x1b[31m.txt', 'control', 'SKILL.md\\u{1b}[31m.txt'],
    ['OSC (title)', 'a\x1b]0;pwned\x07.md', 'control', 'a\\u{1b}]0;pwned\\u{7}.md'],
    ['a newline', 'ok.md\nrm -rf ~', 'control', 'ok.md\\u{a}rm -rf ~'],
    ['C1 CSI', 'a\u009b31m', 'control', 'a\\u{9b}31m'],
    ['RLO U+202E', 'scripts/run\u202Egnp.sh', 'hidden', 'scripts/run\\u{202e}gnp.sh'],
    ['an isolate U+2066', 'a\u2066b', 'hidden', 'a\\u{2066}b'],
    ['LRM U+200E', 'a\u200eb', 'hidden', 'a\\u{200e}b'],
    ['ALM U+061C', 'a\u061cb', 'hidden', 'a\\u{61c}b'],
  ])('%s', async (_label, name, problem, shown) => {
    const { problem: found, files } = await zipProblem([{ name, data: Buffer.from('x') }, SKILL_MD]);
    expect(found).toEqual({ kind: 'name', entry: shown, problem });
    expect(files).toEqual({});
    const text = describeArchiveProblem(found, 'en');
    expect(text).toContain('refused (not cleaned)');
    expect(text).not.toMatch(/[\x00-\x1f\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/);
  });

  it('a name that is not UTF-8', async () => {
    const zip = buildZip([{ name: 'ab', data: Buffer.from('x') }]);
    zip[zip.lastIndexOf('ab') + 1] = 0xff;
    const { outcome } = await stage('zip', zip);
    expect(outcome).toMatchObject({ ok: false, problem: { kind: 'name', problem: 'not_utf8' } });
  });
});

describe('tar.gz: streamed, within the same limits', () => {
  it('installs a real tar.gz made by tar', async () => {
    const work = tempDir();
    mkdirSync(join(work, 'x', 'scripts'), { recursive: true });
    writeFileSync(join(work, 'x', 'SKILL.md'), SKILL_MD.data);
    writeFileSync(join(work, 'x', 'scripts', 'run.sh'), '#!/bin/sh\n', { mode: 0o755 });
    const tgz = join(work, 'x.tgz');
    execFileSync('tar', ['-czf', tgz, '-C', work, 'x']);
    const { outcome, files } = await stage('tar.gz', tgz);
    expect(outcome).toMatchObject({ ok: true });
    expect(Object.keys(files).sort()).toEqual(['x/SKILL.md', 'x/scripts/run.sh']);
  });

  it('a gzip bomb: stopped at the ratio while reading', async () => {
    const big = gzipSync(
      buildTar([
        { name: 'SKILL.md', data: SKILL_MD.data },
        { name: 'z', data: Buffer.alloc(30 * MiB) },
      ]),
    );
    const { problem, files } = await tarProblem(big);
    expect(problem).toMatchObject({ kind: 'limit', limit: 'ratio', max: 100 });
    expect(files.z ?? 0).toBeLessThanOrEqual(4 * MiB);
  });

  it('an entry over the per-entry limit is refused from its header', async () => {
    const { problem } = await tarProblem([{ name: 'z', data: Buffer.alloc(2 * MiB) }], {
      entryBytes: MiB,
      ratio: 1e6,
    });
    expect(problem).toMatchObject({ kind: 'limit', limit: 'entryBytes', entry: 'z' });
  });

  it.each([
    ['a symlink', { name: 'l', type: '2', linkname: '/etc/passwd' }, { kind: 'link' }],
    ['a hard link', { name: 'l', type: '1', linkname: 'SKILL.md' }, { kind: 'link' }],
    ['a device', { name: 'd', type: '3' }, { kind: 'special' }],
    ['../', { name: '../evil' }, { kind: 'parent' }],
    ['an absolute path', { name: '/tmp/evil' }, { kind: 'absolute' }],
    ['ESC in the name', { name: 'a\x1b[2Jb' }, { kind: 'name', problem: 'control' }],
    ['RLO in the name', { name: 'a\u202eb' }, { kind: 'name', problem: 'hidden' }],
  ])('refuses %s', async (_label, entry, expected) => {
    const { problem } = await tarProblem([{ name: 'SKILL.md', data: SKILL_MD.data }, entry]);
    expect(problem).toMatchObject(expected);
  });

  it('a pax path naming ../ is refused like the header name', async () => {
    const record = (key: string, value: string) => {
      const body = ` ${key}=${value}\n`;
      let length = body.length + 2;
      while (`${length}${body}`.length !== length) length += 1;
      return `${length}${body}`;
    };
    const { problem } = await tarProblem([
      { name: 'PaxHeader', type: 'x', data: Buffer.from(record('path', '../../etc/cron.d/x')) },
      { name: 'innocent', data: Buffer.from('x') },
    ]);
    expect(problem).toMatchObject({ kind: 'parent', entry: '../../etc/cron.d/x' });
  });
});

describe('folders from outside', () => {
  it('a symlink inside is refused; names are checked like archive entries', async () => {
    const work = tempDir();
    writeFileSync(join(work, 'SKILL.md'), 'x');
    symlinkSync('/etc/passwd', join(work, 'passwd'));
    expect((await stage('folder', work)).outcome).toEqual({
      ok: false,
      problem: { kind: 'link', entry: 'passwd' },
    });
    const other = tempDir();
    writeFileSync(join(other, 'SKILL.md'), 'x');
    writeFileSync(join(other, 'a\u202eb.md'), 'x');
    expect((await stage('folder', other)).outcome).toMatchObject({
      ok: false,
      problem: { kind: 'name', problem: 'hidden' },
    });
  });
});
