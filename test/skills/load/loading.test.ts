import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSkillRegistry } from '../../../src/skills/registry.js';
import { bashSkill, put, script, tempDir } from '../fixtures.js';

/** No test here exercises a timeout: a generous limit keeps a loaded machine from failing probes. */
async function load(dir: string) {
  const registry = await createSkillRegistry({ dir, probeTimeoutMs: 10_000, lang: 'en' });
  await registry.close();
  return registry;
}

function diagnostic(registry: Awaited<ReturnType<typeof load>>, file: string) {
  return registry.diagnostics().find((d) => d.file === file);
}

describe('loading rules', () => {
  it('loads an executable and a Markdown skill, sorted by name', async () => {
    const dir = tempDir();
    bashSkill(dir, 'weather', 'Weather forecast for a city', '', 'usage: weather CITY');
    put(dir, 'review.MD', '\uFEFF\n## # Code review checklist\n\nStep one.\nStep two.\n');
    const registry = await load(dir);
    expect(registry.list().map((s) => [s.name, s.type, s.summary, s.status])).toEqual([
      ['review', 'markdown', 'Code review checklist', 'ok'],
      ['weather', 'executable', 'Weather forecast for a city', 'ok'],
    ]);
    expect(registry.get('review')?.content).toBe('Step one.\nStep two.');
    expect(registry.get('weather')?.content).toBe('Weather forecast for a city\n\nusage: weather CITY');
  });

  it('ignores names starting with _ or .', async () => {
    const dir = tempDir();
    bashSkill(dir, '_helper', 'x');
    bashSkill(dir, '.hidden', 'x');
    put(dir, '_notes.md', 'notes');
    const registry = await load(dir);
    expect(registry.list()).toEqual([]);
    for (const file of ['_helper', '.hidden', '_notes.md'])
      expect(diagnostic(registry, file)?.status).toBe('ignored');
  });

  it('reports a name with an extension with the install fix', async () => {
    const dir = tempDir();
    bashSkill(dir, 'weather.py', 'x');
    const registry = await load(dir);
    expect(registry.list()).toEqual([]);
    const d = diagnostic(registry, 'weather.py');
    expect(d?.status).toBe('ignored');
    expect(d?.reason).toContain('extension');
    expect(d?.reason).toContain('aibox skills install');
  });

  it('reports a file without the run bit with chmod +x', async () => {
    const dir = tempDir();
    put(dir, 'tool', '#!/bin/sh\necho hi\n', 0o644);
    const registry = await load(dir);
    expect(diagnostic(registry, 'tool')?.reason).toContain(`chmod +x ${join(dir, 'tool')}`);
    expect(registry.get('tool')).toBeUndefined();
  });

  it('reports bad characters, directories and broken symlinks', async () => {
    const dir = tempDir();
    bashSkill(dir, 'bad name!', 'x');
    put(dir, 'bad name.md', 'x');
    mkdirSync(join(dir, 'subdir'));
    symlinkSync(join(dir, 'nowhere'), join(dir, 'dangling'));
    const registry = await load(dir);
    expect(registry.list()).toEqual([]);
    expect(diagnostic(registry, 'bad name!')?.reason).toContain('characters');
    expect(diagnostic(registry, 'bad name.md')?.reason).toContain('characters');
    expect(diagnostic(registry, 'subdir')?.reason).toContain('directory');
    expect(diagnostic(registry, 'dangling')?.reason).toContain('broken symlink');
  });

  it('loads a symlink to an executable', async () => {
    const dir = tempDir();
    const elsewhere = tempDir();
    const target = bashSkill(elsewhere, 'real.sh', 'Linked skill summary');
    symlinkSync(target, join(dir, 'linked'));
    const registry = await load(dir);
    expect(registry.get('linked')?.summary).toBe('Linked skill summary');
  });

  it('x and x.md collide: the executable wins and the collision is reported', async () => {
    const dir = tempDir();
    bashSkill(dir, 'x', 'The executable x');
    put(dir, 'x.md', '# The markdown x');
    const registry = await load(dir);
    expect(registry.list().map((s) => [s.name, s.type])).toEqual([['x', 'executable']]);
    const d = diagnostic(registry, 'x.md');
    expect(d?.status).toBe('ignored');
    expect(d?.reason).toContain('collides');
  });

  it('reports an empty Markdown file as broken', async () => {
    const dir = tempDir();
    put(dir, 'empty.md', ' \n\n');
    const registry = await load(dir);
    expect(registry.get('empty')?.status).toBe('broken');
    expect(registry.get('empty')?.error).toContain('empty');
    expect(diagnostic(registry, 'empty.md')?.status).toBe('broken');
  });

  it('lists a broken executable with its reason, never drops it', async () => {
    const dir = tempDir();
    script(dir, 'silent', '#!/bin/sh\nexit 0\n');
    const registry = await load(dir);
    const skill = registry.get('silent');
    expect(skill?.status).toBe('broken');
    expect(skill?.error).toContain('printed nothing');
  });

  it('a missing skills dir loads as empty', async () => {
    const registry = await load(join(tempDir(), 'missing'));
    expect(registry.list()).toEqual([]);
  });
});
