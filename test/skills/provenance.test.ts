import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataPaths } from '../../src/config/paths.js';
import { protectedPaths } from '../../src/safety/protected-paths.js';
import {
  LEGACY_MODEL_SKILLS_FILE,
  openSkillProvenance,
  PROVENANCE_FILE,
  skillOfPath,
} from '../../src/skills/provenance.js';
import { tempDir } from './fixtures.js';

const clock = () => new Date('2026-12-03T01:00:00.000Z');

function skill(dir: string, name: string, body: string) {
  const path = join(dir, name);
  writeFileSync(path, body, { mode: 0o755 });
  return { name, path };
}

describe('skill provenance records', () => {
  it("a person's install is approved as installed; any change of its file asks again", async () => {
    const home = tempDir();
    const s = skill(home, 'greet', '#!/bin/sh\necho hi\n');
    const records = openSkillProvenance(home, clock);
    expect(records.needsApproval(s)).toBe(false); // no record: the user's own
    await records.record(s, { source: '/src/greet.sh', by: 'person' });
    expect(records.needsApproval(s)).toBe(false);
    const [stored] = JSON.parse(readFileSync(join(home, PROVENANCE_FILE), 'utf8')).skills;
    expect(stored).toEqual({
      name: 'greet',
      source: '/src/greet.sh',
      by: 'person',
      at: '2026-12-03T01:00:00.000Z',
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      approved: stored.sha256,
    });
    writeFileSync(s.path, '#!/bin/sh\necho changed\n');
    expect(records.needsApproval(s)).toBe(true);
    // A restart reads the same.
    expect(openSkillProvenance(home).needsApproval(s)).toBe(true);
  });

  it("the model's record waits for a yes; the yes holds until a file of its folder changes", async () => {
    const home = tempDir();
    const folder = join(home, 'guide');
    mkdirSync(join(folder, 'scripts'), { recursive: true });
    writeFileSync(join(folder, 'SKILL.md'), '---\nname: guide\ndescription: A guide\n---\n');
    writeFileSync(join(folder, 'scripts', 'run.sh'), 'echo one\n');
    const s = { name: 'guide', path: join(folder, 'SKILL.md'), folder };
    const records = openSkillProvenance(home, clock);
    await records.record(s, { source: 'write_file', by: 'model' });
    expect(records.needsApproval(s)).toBe(true);
    await records.approve(s);
    expect(records.needsApproval(s)).toBe(false);
    writeFileSync(join(folder, 'scripts', 'run.sh'), 'echo two\n');
    expect(records.needsApproval(s)).toBe(true);
    await records.forget('guide');
    expect(records.get('guide')).toBeUndefined();
  });

  it('reads the older .model-skills.json: its names are model-made and asked, and it is replaced', async () => {
    const home = tempDir();
    const s = skill(home, 'fresh', '#!/bin/sh\necho fresh\n');
    writeFileSync(join(home, LEGACY_MODEL_SKILLS_FILE), JSON.stringify({ pending: ['fresh'] }));
    const records = openSkillProvenance(home, clock);
    expect(records.get('fresh')).toMatchObject({ by: 'model', source: LEGACY_MODEL_SKILLS_FILE });
    expect(records.get('fresh')?.sha256).toBeUndefined();
    expect(records.needsApproval(s)).toBe(true);
    await records.approve(s);
    expect(records.needsApproval(s)).toBe(false);
    expect(existsSync(join(home, LEGACY_MODEL_SKILLS_FILE))).toBe(false);
    expect(JSON.parse(readFileSync(join(home, PROVENANCE_FILE), 'utf8')).skills[0].name).toBe('fresh');
  });

  it('an unreadable record file makes every skill ask and is left as it is', async () => {
    const home = tempDir();
    const s = skill(home, 'mine', '#!/bin/sh\n');
    writeFileSync(join(home, PROVENANCE_FILE), '{"skills": [{"name": 1}]');
    const records = openSkillProvenance(home);
    expect(records.needsApproval(s)).toBe(true);
    await records.record(s, { source: 'create_skill', by: 'model' });
    await records.ensureFile();
    expect(readFileSync(join(home, PROVENANCE_FILE), 'utf8')).toBe('{"skills": [{"name": 1}]');
  });

  it('is a protected path, and a file in the skills dir names its skill', () => {
    const home = tempDir();
    expect(protectedPaths(dataPaths(home), home)).toEqual(
      expect.arrayContaining([join(home, PROVENANCE_FILE), join(home, LEGACY_MODEL_SKILLS_FILE)]),
    );
    const dir = '/data/skills';
    expect(skillOfPath(dir, '/data/skills/weather')).toEqual({
      name: 'weather',
      path: '/data/skills/weather',
    });
    expect(skillOfPath(dir, '/data/skills/guide.md')).toMatchObject({ name: 'guide' });
    expect(skillOfPath(dir, '/data/skills/tool/scripts/x.sh')).toEqual({
      name: 'tool',
      path: '/data/skills/tool/SKILL.md',
      folder: '/data/skills/tool',
    });
    expect(skillOfPath(dir, '/data/other')).toBeUndefined();
    expect(skillOfPath(dir, '/data/skills/.hidden tmp')).toBeUndefined();
  });
});
