import { chmodSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSkillRegistry, type SkillEngine } from '../../../src/skills/registry.js';
import { buildSkillSource, createCreateSkillTool } from '../../../src/tools/skills/create-skill.js';
import { createInstallSkillTool } from '../../../src/tools/skills/install-skill.js';
import { createReloadSkillsTool } from '../../../src/tools/skills/reload-skills.js';
import { createSearchSkillsTool } from '../../../src/tools/skills/search-skills.js';
import type { AnyTool } from '../../../src/tools/tool.js';
import { makeContext, tempDir } from '../../helpers/tool-context.js';

let skills: SkillEngine;
let skillsDir: string;
let workspace: string;

beforeAll(async () => {
  const home = tempDir();
  skillsDir = join(home, 'skills');
  workspace = join(home, 'workspace');
  mkdirSync(skillsDir);
  mkdirSync(workspace);
  const weather = join(skillsDir, 'weather');
  writeFileSync(
    weather,
    '#!/bin/sh\necho "查询城市天气预报 - weather forecast"\necho "用法: weather --city 城市"\n',
  );
  chmodSync(weather, 0o755);
  writeFileSync(join(skillsDir, 'code_review.md'), '# 代码审查指南\n\n检查命名、错误处理和测试。\n');
  skills = await createSkillRegistry({ dir: skillsDir, lang: 'en', watch: false });
});

afterAll(async () => {
  await skills.close();
});

const call = (tool: AnyTool, args: Record<string, unknown>, lang: 'en' | 'zh' = 'en') =>
  tool.execute(tool.parameters.parse(args), makeContext({ lang }));

describe('search_skills', () => {
  it('finds a skill by a Chinese keyword, lists all with an empty keyword, and says when nothing matches', async () => {
    const tool = createSearchSkillsTool({ lang: 'en', skills });
    const found = await call(tool, { keyword: '天气' });
    expect(found.ok).toBe(true);
    expect(found.content).toContain('weather');
    expect(found.content).toContain('查询城市天气预报');
    const all = await call(tool, { keyword: '' });
    expect(all.content).toContain('weather');
    expect(all.content).toContain('code_review');
    const none = await call(tool, { keyword: 'zzzz-nothing' });
    expect(none.content).toContain('No skill matches "zzzz-nothing"');
  });
});

describe('install_skill', () => {
  it('really installs a skill file (extension dropped, probed) and it is searchable at once', async () => {
    const source = join(workspace, 'greet.sh');
    writeFileSync(
      source,
      '#!/bin/sh\nif [ "$1" = "--help" ]; then echo "Greets someone by name"; exit 0; fi\necho "hello $1"\n',
    );
    const tool = createInstallSkillTool({ lang: 'en', skills, workspace });
    const result = await call(tool, { skill_path: 'greet.sh' });
    expect(result.ok, result.content).toBe(true);
    expect(result.content).toContain('Skill greet installed');
    expect(result.content).toContain('summary: Greets someone by name');
    expect(existsSync(join(skillsDir, 'greet'))).toBe(true);
    expect(skills.get('greet')?.status).toBe('ok');
    const again = await call(tool, { skill_path: 'greet.sh' });
    expect(again.ok).toBe(false);
    expect(again.content).toContain('Installing the skill failed');
    expect((await call(tool, { skill_path: 'greet.sh', force: true })).ok).toBe(true);
  });

  it('reports the error to fix for a file without --help output and for a missing file', async () => {
    const source = join(workspace, 'silent.sh');
    writeFileSync(source, '#!/bin/sh\nexit 0\n');
    const tool = createInstallSkillTool({ lang: 'zh', skills, workspace });
    const result = await call(tool, { skill_path: source }, 'zh');
    expect(result.ok).toBe(false);
    expect(result.content).toContain('技能安装失败');
    expect(result.content).toMatch(/--help/);
    expect(existsSync(join(skillsDir, 'silent'))).toBe(false);
    expect((await call(tool, { skill_path: 'nope.py' }, 'zh')).ok).toBe(false);
  });
});

describe('create_skill', () => {
  const tool = () => createCreateSkillTool({ lang: 'en', skills });

  it('creates a Python skill without its own --help handler, installs it and reports the summary', async () => {
    const result = await call(tool(), {
      name: 'add_numbers',
      summary: 'Adds two numbers',
      language: 'python',
      code: 'import sys\nprint(int(sys.argv[1]) + int(sys.argv[2]))\n',
    });
    expect(result.ok, result.content).toBe(true);
    expect(result.content).toContain('Skill add_numbers created and installed');
    expect(result.content).toContain('summary: Adds two numbers');
    expect(skills.get('add_numbers')?.type).toBe('executable');
    expect(skills.search('numbers').hits[0]?.skill.name).toBe('add_numbers');
  });

  it('creates bash and Markdown skills', async () => {
    const bash = await call(tool(), {
      name: 'shout',
      summary: 'Prints its argument in capitals',
      language: 'bash',
      code: 'echo "$1" | tr a-z A-Z',
    });
    expect(bash.ok, bash.content).toBe(true);
    const md = await call(tool(), {
      name: 'tea_guide',
      summary: '泡茶指南',
      language: 'markdown',
      code: '水温 85 度，泡 3 分钟。',
    });
    expect(md.ok, md.content).toBe(true);
    expect(skills.get('tea_guide')?.summary).toBe('泡茶指南');
    expect(readdirSync(skillsDir)).toContain('tea_guide.md');
  });

  it('refuses a bad name, reports a broken program, and leaves nothing behind', async () => {
    const bad = await call(tool(), { name: '../evil', summary: 'x', language: 'bash', code: 'echo' });
    expect(bad.ok).toBe(false);
    expect(bad.content).toContain('Invalid skill name "../evil"');
    const broken = await call(tool(), {
      name: 'crashes',
      summary: 'Never works',
      language: 'python',
      code: 'import argparse\nraise SystemExit(3)\n',
    });
    expect(broken.ok).toBe(false);
    expect(broken.content).toContain('Creating the skill failed');
    expect(broken.content).toContain('how to fix');
    expect(existsSync(join(skillsDir, 'crashes'))).toBe(false);
    expect(readdirSync(skillsDir).filter((f) => f.startsWith('.'))).toEqual([]);
  });

  it('adds a #! line and a --help handler only when missing', () => {
    expect(buildSkillSource('bash', 'Sum', 'echo hi')).toMatch(/^#!\/bin\/bash\nif \[ "\$1" = "--help" \]/);
    const own = buildSkillSource('python', 'S', '#!/usr/bin/python3\nimport argparse\n');
    expect(own).toBe('#!/usr/bin/python3\nimport argparse\n');
    expect(buildSkillSource('markdown', '标题', '# 标题\n正文')).toBe('# 标题\n正文');
  });
});

describe('reload_skills', () => {
  it('reports added, removed and broken skills', async () => {
    const tool = createReloadSkillsTool({ lang: 'en', skills });
    await call(tool, {});
    const fresh = join(skillsDir, 'fresh');
    writeFileSync(fresh, '#!/bin/sh\necho "A fresh skill"\n');
    chmodSync(fresh, 0o755);
    const broken = join(skillsDir, 'broken_one');
    writeFileSync(broken, '#!/bin/sh\nexit 1\n');
    chmodSync(broken, 0o755);
    const result = await call(tool, {});
    expect(result.ok).toBe(true);
    expect(result.content).toMatch(/added: .*fresh/);
    expect(result.content).toMatch(/broken:\n? *broken_one: /);
    expect(result.content).toMatch(/Skills reloaded \(\d+ in all\)/);
  });
});
