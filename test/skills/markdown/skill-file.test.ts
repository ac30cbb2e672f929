/**
 * Skill files are hostile input: a Markdown guide (or SKILL.md) over the size limit is refused
 * without being read, a FIFO in a skill's place does not hang the load, and a body read on use
 * after the file grew past the limit is empty, not the huge text.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_SKILL_FILE_BYTES, readSkillFile } from '../../../src/skills/markdown/skill-file.js';
import { skillMessages } from '../../../src/skills/messages.js';
import { createSkillRegistry } from '../../../src/skills/registry.js';
import { put, registriesClosedAfterEach, tempDir } from '../fixtures.js';

const t = skillMessages('en');
const open = registriesClosedAfterEach();

async function start(dir: string, home: string) {
  const r = await createSkillRegistry({ dir, cacheFile: join(home, 'cache.json'), lang: 'en' });
  open.push(r);
  return r;
}

describe('skill files over the size limit', () => {
  it('reads a file at the limit and refuses one byte more, naming the limit', () => {
    const dir = tempDir();
    const path = join(dir, 'big.md');
    writeFileSync(path, `# Big guide\n\n${'x'.repeat(MAX_SKILL_FILE_BYTES - 13)}`);
    const atLimit = readSkillFile(path, t);
    expect(atLimit.ok && atLimit.bytes.length).toBe(MAX_SKILL_FILE_BYTES);
    truncateSync(path, MAX_SKILL_FILE_BYTES + 1);
    expect(readSkillFile(path, t)).toEqual({ ok: false, error: t.skillFileTooLarge(MAX_SKILL_FILE_BYTES) });
    expect(t.skillFileTooLarge(MAX_SKILL_FILE_BYTES)).toContain('512 KiB');
  });

  it('loads an oversized guide and SKILL.md as broken, with the reason, and the rest normally', async () => {
    const dir = tempDir();
    put(dir, 'small.md', '# A small guide\n\nbody\n');
    // Sparse 3 GiB file: reading it whole would throw or take the box's memory.
    put(dir, 'huge.md', '# Huge\n');
    truncateSync(join(dir, 'huge.md'), 3 * 1024 ** 3);
    mkdirSync(join(dir, 'deploy'));
    writeFileSync(
      join(dir, 'deploy', 'SKILL.md'),
      `---\nname: deploy\ndescription: Deploys\n---\n${'y'.repeat(MAX_SKILL_FILE_BYTES)}`,
    );
    const r = await start(dir, tempDir());
    const byName = new Map(r.list().map((s) => [s.name, s]));
    expect(byName.get('small')).toMatchObject({ status: 'ok', summary: 'A small guide' });
    expect(byName.get('huge')).toMatchObject({
      status: 'broken',
      error: t.skillFileTooLarge(MAX_SKILL_FILE_BYTES),
    });
    expect(byName.get('deploy')).toMatchObject({ status: 'broken' });
  });

  it('installing an Agent Skill folder whose SKILL.md is over the limit is refused with the same reason', async () => {
    const source = join(tempDir(), 'deploy');
    mkdirSync(source);
    writeFileSync(
      join(source, 'SKILL.md'),
      `---\nname: deploy\ndescription: Deploys\n---\n${'y'.repeat(MAX_SKILL_FILE_BYTES)}`,
    );
    const r = await start(tempDir(), tempDir());
    await expect(r.install(source)).rejects.toThrow(t.skillFileTooLarge(MAX_SKILL_FILE_BYTES));
    expect(r.list().map((s) => s.name)).not.toContain('deploy');
  });

  it('a body read on use after the file grew past the limit is empty', async () => {
    const dir = tempDir();
    const home = tempDir();
    put(dir, 'guide.md', '# A guide\n\nthe body\n');
    const first = await start(dir, home);
    await first.close();
    // The second start takes the summary from the cache file and reads the body on first use,
    // which comes after the file grew past the limit.
    const second = await start(dir, home);
    const skill = second.list().find((s) => s.name === 'guide');
    truncateSync(join(dir, 'guide.md'), MAX_SKILL_FILE_BYTES + 10);
    expect(skill?.content).toBe('');
  });

  it.runIf(process.platform === 'linux')('a FIFO named like a skill does not hang the load', async () => {
    const dir = tempDir();
    put(dir, 'ok.md', '# Fine\n');
    execFileSync('mkfifo', [join(dir, 'pipe.md')]);
    const r = await start(dir, tempDir());
    expect(r.list().map((s) => s.name)).toContain('ok');
    expect(r.list().find((s) => s.name === 'pipe')?.status ?? 'not listed').not.toBe('ok');
  });
});
