import {
  chmodSync,
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ErrorCode } from '../../src/error-codes.js';
import { isAppError } from '../../src/errors.js';
import type { SkillsChange } from '../../src/protocol/frames.js';
import { createSkillRegistry, type SkillEngine } from '../../src/skills/registry.js';
import { bashSkill, put, script, tempDir } from './fixtures.js';

const open: SkillEngine[] = [];
async function registry(dir: string, extra: { watch?: boolean; probeTimeoutMs?: number } = {}) {
  const r = await createSkillRegistry({
    dir,
    probeTimeoutMs: 300,
    lang: 'en',
    watchDebounceMs: 50,
    ...extra,
  });
  open.push(r);
  return r;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((r) => r.close()));
});

describe('registry: cache and reload', () => {
  it('a reload with nothing changed spawns zero processes; a changed file is probed again', async () => {
    const dir = tempDir();
    bashSkill(dir, 'a', 'Skill A');
    bashSkill(dir, 'b', 'Skill B');
    put(dir, 'c.md', '# Skill C');
    const r = await registry(dir);
    expect(r.stats().probesSpawned).toBe(2);
    expect(await r.reload()).toEqual({ added: [], removed: [], changed: [], broken: [], total: 3 });
    expect(r.stats().probesSpawned).toBe(2);

    bashSkill(dir, 'a', 'Skill A, version two');
    const result = await r.reload();
    expect(result.changed).toEqual(['a']);
    expect(r.stats().probesSpawned).toBe(3);
    expect(r.get('a')?.summary).toBe('Skill A, version two');
  });

  it('same size and content but a new mtime is probed again', async () => {
    const dir = tempDir();
    const path = bashSkill(dir, 'a', 'Skill A');
    const r = await registry(dir);
    const later = new Date(statSync(path).mtimeMs + 5000);
    utimesSync(path, later, later);
    await r.reload();
    expect(r.stats().probesSpawned).toBe(2);
  });

  it('reload returns added, removed, changed and broken', async () => {
    const dir = tempDir();
    bashSkill(dir, 'keep', 'Keep');
    bashSkill(dir, 'gone', 'Gone');
    put(dir, 'doc.md', '# Doc');
    const r = await registry(dir);
    const events: SkillsChange[] = [];
    r.onChange((e) => events.push(e));
    rmSync(join(dir, 'gone'));
    bashSkill(dir, 'fresh', 'Fresh');
    script(dir, 'dead', '#!/bin/sh\nexit 1\n');
    put(dir, 'doc.md', '# Doc, edited');
    const result = await r.reload();
    expect(result).toEqual({
      added: ['dead', 'fresh'],
      removed: ['gone'],
      changed: ['doc'],
      broken: ['dead'],
      total: 4,
    });
    expect(events).toEqual([result]);
  });

  it('probes run in parallel, bounded by the concurrency', async () => {
    const dir = tempDir();
    const state = tempDir();
    // Each probe notes how many probes are running as it starts, then waits until three have
    // started: one at a time, the first would wait past its timeout and the skill be broken.
    const probe = `#!/bin/sh
touch "${state}/running-$$" "${state}/started-$$"
ls "${state}" | grep -c '^running-' >> "${state}/counts"
i=0
while [ "$(ls "${state}" | grep -c '^started-')" -lt 3 ] && [ $i -lt 400 ]; do sleep 0.02; i=$((i+1)); done
rm "${state}/running-$$"
echo "Sleepy"
`;
    for (let i = 0; i < 6; i += 1) script(dir, `s${i}`, probe);
    const r = await createSkillRegistry({ dir, probeTimeoutMs: 4000, concurrency: 3 });
    open.push(r);
    expect(r.list().filter((s) => s.status === 'ok')).toHaveLength(6);
    const counts = readFileSync(join(state, 'counts'), 'utf8').trim().split('\n').map(Number);
    expect(counts).toHaveLength(6);
    expect(Math.max(...counts)).toBeLessThanOrEqual(3);
  });

  it('with the real 10 s default timeout, a skill answering after ~1 s is fine', async () => {
    const dir = tempDir();
    script(dir, 'slowstart', '#!/bin/sh\nsleep 1\necho "Slow but fine"\n');
    const r = await createSkillRegistry({ dir });
    open.push(r);
    expect(r.get('slowstart')).toMatchObject({ status: 'ok', summary: 'Slow but fine' });
  });

  it('the watcher reloads by itself when a file appears, changes or disappears', async () => {
    const dir = tempDir();
    const r = await registry(dir, { watch: true });
    const next = () =>
      new Promise<SkillsChange>((resolve) => {
        const off = r.onChange((e) => {
          off();
          resolve(e);
        });
      });
    let event = next();
    const staged = bashSkill(dir, '.incoming', 'Arrived by itself');
    renameSync(staged, join(dir, 'arrival'));
    expect((await event).added).toEqual(['arrival']);
    expect(r.get('arrival')?.summary).toBe('Arrived by itself');
    event = next();
    rmSync(join(dir, 'arrival'));
    expect((await event).removed).toEqual(['arrival']);
    // chmod +x alone (no content change) is picked up too.
    const path = put(dir, 'later', '#!/bin/sh\necho "Made executable"\n', 0o644);
    await r.reload();
    expect(r.get('later')).toBeUndefined();
    event = next();
    chmodSync(path, 0o755);
    expect((await event).added).toEqual(['later']);
  });
});

describe('registry: install and remove', () => {
  async function expectCode(promise: Promise<unknown>, code: ErrorCode) {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isAppError(error, code), String(error)).toBe(true);
    return error as Error;
  }

  it('strips the extension, sets the run bit, and the skill is searchable at once', async () => {
    const dir = tempDir();
    const src = tempDir();
    const source = put(src, 'mail_163.py', '#!/usr/bin/env python3\nprint("使用163邮箱发送邮件")\n', 0o644);
    const r = await registry(dir, { probeTimeoutMs: 10_000 });
    const skill = await r.install(source);
    expect(skill).toMatchObject({
      name: 'mail_163',
      type: 'executable',
      status: 'ok',
      path: join(dir, 'mail_163'),
    });
    expect(statSync(join(dir, 'mail_163')).mode & 0o111).not.toBe(0);
    expect(r.search('邮件').hits.map((h) => h.skill.name)).toEqual(['mail_163']);
    expect(readdirSync(dir)).toEqual(['mail_163']);
  });

  it('a Markdown source keeps .md', async () => {
    const dir = tempDir();
    const source = put(tempDir(), 'guide.md', '# A guide\n\nBody');
    const r = await registry(dir);
    expect(await r.install(source)).toMatchObject({
      name: 'guide',
      type: 'markdown',
      path: join(dir, 'guide.md'),
    });
  });

  it('a failed probe leaves the dir unchanged', async () => {
    const dir = tempDir();
    bashSkill(dir, 'present', 'Present');
    const before = readdirSync(dir);
    const source = put(tempDir(), 'mute.sh', '#!/bin/sh\nexit 0\n');
    const r = await registry(dir);
    const error = await expectCode(r.install(source), 'skill_probe_failed');
    expect(error.message).toContain('printed nothing');
    expect(readdirSync(dir)).toEqual(before);
  });

  it('an existing name is refused without --force and replaced with it', async () => {
    const dir = tempDir();
    bashSkill(dir, 'tool', 'Old tool');
    const source = bashSkill(tempDir(), 'tool.sh', 'New tool');
    const r = await registry(dir);
    await expectCode(r.install(source), 'skill_exists');
    expect(r.get('tool')?.summary).toBe('Old tool');
    const replaced = await r.install(source, { force: true });
    expect(replaced.summary).toBe('New tool');
    expect(readdirSync(dir)).toEqual(['tool']);
  });

  it('refuses a source inside the skills dir, a missing or non-regular source, and a bad name', async () => {
    const dir = tempDir();
    const inside = bashSkill(dir, 'here', 'Here');
    const r = await registry(dir);
    await expectCode(r.install(inside), 'skill_source_in_dir');
    await expectCode(r.install(join(dir, '..', 'nope.py')), 'skill_source_missing');
    await expectCode(r.install(tempDir()), 'skill_source_not_file');
    await expectCode(r.install(bashSkill(tempDir(), 'bad name.sh', 'x')), 'skill_bad_name');
    await expectCode(r.install(bashSkill(tempDir(), '_private.sh', 'x')), 'skill_bad_name');
    expect(readdirSync(dir)).toEqual(['here']);
  });

  it('remove deletes the file and reloads; an unknown name is an error', async () => {
    const dir = tempDir();
    put(dir, 'doc.md', '# Doc');
    const r = await registry(dir);
    await r.remove('doc');
    expect(existsSync(join(dir, 'doc.md'))).toBe(false);
    expect(r.list()).toEqual([]);
    await expectCode(r.remove('doc'), 'skill_not_found');
  });
});
