/** Agent Skills folders (SKILL.md), their install from folders and archives, and Markdown summaries. */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMarkdownSkill } from '../../../src/skills/markdown/markdown.js';
import { readSkillDocument } from '../../../src/skills/markdown/skill-document.js';
import { skillMessages } from '../../../src/skills/messages.js';
import { createSkillRegistry } from '../../../src/skills/registry.js';
import { createReadSkillTool } from '../../../src/tools/skills/read-skill.js';
import { runProcess } from '../../../src/util/run-process.js';
import { makeContext } from '../../helpers/tool-context.js';
import { buildZip } from '../archives.js';
import { bashSkill, put, registriesClosedAfterEach, tempDir } from '../fixtures.js';

const t = skillMessages('en');
const open = registriesClosedAfterEach();
async function registryOf(dir: string) {
  const r = await createSkillRegistry({ dir, lang: 'en' });
  open.push(r);
  return r;
}

const SKILL_MD = (name: string, description: string, body = '# Steps\n\n1. Run scripts/hello.sh') =>
  `---\nname: ${name}\ndescription: ${description}\nlicense: MIT\nmetadata:\n  author: someone\n---\n${body}\n`;

/** A skill folder `name/` in `parent` with SKILL.md, a script and a reference. */
function skillFolder(parent: string, name: string, description = 'Greets people in many languages.'): string {
  const folder = join(parent, name);
  mkdirSync(join(folder, 'scripts'), { recursive: true });
  mkdirSync(join(folder, 'references'));
  writeFileSync(join(folder, 'SKILL.md'), SKILL_MD(name, description));
  writeFileSync(join(folder, 'scripts', 'hello.sh'), '#!/bin/sh\necho "hello from the skill"\n', {
    mode: 0o644,
  });
  writeFileSync(join(folder, 'references', 'guide.md'), 'More details.\n');
  return folder;
}

describe('Agent Skills folders', () => {
  it('a folder with SKILL.md is a skill: name and summary from the front matter, body read on demand', async () => {
    const dir = tempDir();
    skillFolder(dir, 'greeter');
    const registry = await registryOf(dir);
    const skill = registry.get('greeter');
    expect(skill).toMatchObject({
      name: 'greeter',
      type: 'markdown',
      summary: 'Greets people in many languages.',
    });
    expect(skill?.content).toBe('');
    expect(registry.search('greets').hits[0]?.skill.name).toBe('greeter');
    expect(registry.diagnostics().find((d) => d.file === 'greeter/')?.status).toBe('ok');
    const doc = readSkillDocument(skill as NonNullable<typeof skill>, t);
    expect(doc).toContain('1. Run scripts/hello.sh');
    expect(doc).toContain(join(dir, 'greeter', 'scripts', 'hello.sh'));
    expect(doc).toContain(join(dir, 'greeter', 'references', 'guide.md'));

    const tool = createReadSkillTool({ lang: 'en', skills: registry });
    const read = await tool.execute(tool.parameters.parse({ name: 'greeter' }), makeContext());
    expect(read).toMatchObject({ ok: true });
    expect(read.content).toContain('1. Run scripts/hello.sh');
    const missing = await tool.execute(tool.parameters.parse({ name: 'nope' }), makeContext());
    expect(missing.ok).toBe(false);
  });

  it('the watcher reloads an edited SKILL.md by itself', async () => {
    const dir = tempDir();
    skillFolder(dir, 'greeter');
    const registry = await createSkillRegistry({ dir, lang: 'en', watch: true, watchDebounceMs: 50 });
    open.push(registry);
    const changed = new Promise((resolve) => registry.onChange(resolve));
    writeFileSync(join(dir, 'greeter', 'SKILL.md'), SKILL_MD('greeter', 'Greets, edited.'));
    await changed;
    expect(registry.get('greeter')?.summary).toBe('Greets, edited.');
  });

  it('validates the front matter and names every problem', async () => {
    const dir = tempDir();
    const bad = (folder: string, text: string) => {
      mkdirSync(join(dir, folder));
      writeFileSync(join(dir, folder, 'SKILL.md'), text);
    };
    bad('other-name', SKILL_MD('not-the-folder', 'Does things.'));
    bad('Upper', SKILL_MD('Upper', 'Does things.'));
    bad('nodesc', '---\nname: nodesc\n---\nBody\n');
    bad('toolong', SKILL_MD('toolong', 'x'.repeat(1025)));
    bad('nofront', '# Just markdown\n');
    bad(`${'a'.repeat(65)}`, SKILL_MD('a'.repeat(65), 'Long name.'));
    mkdirSync(join(dir, 'plain-dir'));
    const registry = await registryOf(dir);
    const reason = (file: string) => registry.diagnostics().find((d) => d.file === file)?.reason ?? '';
    expect(reason('other-name/')).toContain('differs from the folder name "other-name"');
    expect(reason('Upper/')).toContain('lowercase letters, digits and single hyphens');
    expect(reason('nodesc/')).toContain('no description');
    expect(reason('toolong/')).toContain('1025 characters long, at most 1024');
    expect(reason('nofront/')).toContain('no YAML front matter');
    expect(reason(`${'a'.repeat(65)}/`)).toContain('65 characters long, at most 64');
    expect(reason('plain-dir')).toContain('without SKILL.md');
    expect(registry.get('other-name')?.status).toBe('broken');
  });
});

describe('installing an Agent Skill', () => {
  it('from a folder: copied atomically, scripts runnable by path, searchable at once', async () => {
    const dir = tempDir();
    const source = skillFolder(tempDir(), 'greeter');
    const registry = await registryOf(dir);
    const skill = await registry.install(source);
    expect(skill).toMatchObject({ name: 'greeter', status: 'ok', path: join(dir, 'greeter', 'SKILL.md') });
    const run = await runProcess({ command: join(dir, 'greeter', 'scripts', 'hello.sh') });
    expect(run.stdout.toString()).toBe('hello from the skill\n');
    await expect(registry.install(source)).rejects.toThrow('already exists');
    writeFileSync(join(source, 'SKILL.md'), SKILL_MD('greeter', 'Greets people, version two.'));
    expect((await registry.install(source, { force: true })).summary).toBe('Greets people, version two.');
    expect(readdirSync(dir).filter((f) => f.startsWith('.'))).toEqual([]);
  });

  it('from a .tar.gz (system tar) and a .zip (stored and deflated)', async () => {
    const dir = tempDir();
    const work = tempDir();
    skillFolder(work, 'tarred');
    const tgz = join(work, 'tarred.tar.gz');
    execFileSync('tar', ['-czf', tgz, '-C', work, 'tarred']);
    const registry = await registryOf(dir);
    expect((await registry.install(tgz)).name).toBe('tarred');
    const zip = join(work, 'zipped.zip');
    writeFileSync(
      zip,
      buildZip([
        { name: 'SKILL.md', data: Buffer.from(SKILL_MD('zipped', 'Comes from a zip.')), deflate: true },
        { name: 'scripts/', data: Buffer.alloc(0) },
        { name: 'scripts/run.sh', data: Buffer.from('#!/bin/sh\necho zipped\n') },
      ]),
    );
    expect(await registry.install(zip)).toMatchObject({ name: 'zipped', summary: 'Comes from a zip.' });
    const run = await runProcess({ command: join(dir, 'zipped', 'scripts', 'run.sh') });
    expect(run.stdout.toString()).toBe('zipped\n');
  });

  it.each([
    [
      'a path leaving the archive',
      [{ name: '../evil/SKILL.md', data: Buffer.from('x') }],
      'contains .. and would land outside',
    ],
    ['an absolute path', [{ name: '/tmp/evil', data: Buffer.from('x') }], 'absolute path'],
    [
      'a symlink',
      [{ name: 'SKILL.md', data: Buffer.from('/etc/passwd'), mode: 0o120777 }],
      'links are not allowed in a skill',
    ],
    [
      'a zip bomb lying about its size',
      [{ name: 'SKILL.md', data: Buffer.alloc(5_000_000), deflate: true, declaredSize: 100 }],
      'does not unpack to the 100 bytes its header declares',
    ],
    ['no SKILL.md', [{ name: 'README.md', data: Buffer.from('hi') }], 'no SKILL.md'],
  ])('refuses a zip with %s and leaves the skills dir as it was', async (_label, entries, message) => {
    const dir = tempDir();
    const zip = join(tempDir(), 'hostile.zip');
    writeFileSync(zip, buildZip(entries));
    const registry = await registryOf(dir);
    await expect(registry.install(zip)).rejects.toThrow(message);
    expect(readdirSync(dir)).toEqual([]);
    expect(existsSync('/tmp/evil')).toBe(false);
  });

  it('refuses a tar.gz holding a symlink out of the folder', async () => {
    const dir = tempDir();
    const work = tempDir();
    const folder = skillFolder(work, 'linky');
    execFileSync('ln', ['-s', '/etc/passwd', join(folder, 'references', 'passwd')]);
    const tgz = join(work, 'linky.tgz');
    execFileSync('tar', ['-czf', tgz, '-C', work, 'linky']);
    const registry = await registryOf(dir);
    await expect(registry.install(tgz)).rejects.toThrow('links are not allowed in a skill');
    await expect(registry.install(folder)).rejects.toThrow('links are not allowed in a skill');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('single-file skills install as before, and names of system commands or starting with - are refused', async () => {
    const dir = tempDir();
    const work = tempDir();
    const registry = await registryOf(dir);
    expect((await registry.install(bashSkill(work, 'my_tool.sh', 'My tool'))).name).toBe('my_tool');
    await expect(registry.install(bashSkill(work, 'ls.sh', 'Fake ls'))).rejects.toThrow('system command');
    await expect(registry.install(bashSkill(work, '-rf.sh', 'Dash'))).rejects.toThrow('invalid');
    put(dir, 'cat', '#!/bin/sh\necho "Shadows cat"\n', 0o755);
    await registry.reload();
    expect(registry.diagnostics().find((d) => d.file === 'cat')?.reason).toContain('system command');
  });
});

describe('Markdown summaries of guides from elsewhere', () => {
  const summary = (text: string) => {
    const r = parseMarkdownSkill(Buffer.from(text), t);
    return r.ok ? r.summary : r.error;
  };
  it.each([
    [
      '---\ntitle: Release guide\ndescription: "How we cut a release"\n---\n# Release\n',
      'How we cut a release',
    ],
    ['---\ntitle: Release guide\n---\nBody\n', 'Release guide'],
    ['<p align="center"><img src="logo.png"></p>\n\n# Deploy Guide\n', 'Deploy Guide'],
    ['[![CI](https://x/badge.svg)](https://x)\n![logo](a.png)\n\nReal text here.\n', 'Real text here.'],
    ['  _____ \n |  __ \\\n |_|  |_|\n\nText after art.\n', 'Text after art.'],
    ['# 代码审查指南\n\n正文\n', '代码审查指南'],
    [`# ${'long '.repeat(60)}\n`, `${'long '.repeat(60).trim().slice(0, 199)}…`],
  ])('%j → %j', (text, expected) => {
    expect(summary(text)).toBe(expected);
  });
});
