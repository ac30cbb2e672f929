import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULTS_MARKER, SOUL_FILE } from '../../src/prompts/files.js';
import { sortPromptNames } from '../../src/prompts/order.js';
import { createPromptLoader } from '../../src/prompts/prompt-loader.js';
import { defaultPrompts } from '../../src/prompts/write-defaults.js';
import { createFixture, type Fixture } from '../session/fixture.js';

const dirs: string[] = [];
let fx: Fixture | undefined;
afterEach(async () => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  await fx?.close();
  fx = undefined;
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'aibox-prompts-'));
  dirs.push(dir);
  return dir;
}

const clock = { now: () => new Date('2026-11-30T02:05:00Z') };

describe('prompt order', () => {
  it('orders by the numeric prefix, unnumbered files last by name', () => {
    const names = [
      'zeta.md',
      '100_STATUS.md',
      '10_task.md',
      '99_SOUL.md',
      '2_b.md',
      '1_a.md',
      '00_IDENTITY.md',
      'alpha.txt',
    ];
    expect(sortPromptNames(names)).toEqual([
      '00_IDENTITY.md',
      '1_a.md',
      '2_b.md',
      '10_task.md',
      '99_SOUL.md',
      '100_STATUS.md',
      'alpha.txt',
      'zeta.md',
    ]);
  });

  it('builds ONE system prompt in that order, skipping dotfiles and empty files, with date, time and zone last', async () => {
    const dir = tempDir();
    const files: Record<string, string> = {
      '100_STATUS.md': 'STATUS',
      '10_task.md': 'TEN',
      '1_a.md': 'ONE',
      '00_IDENTITY.md': 'IDENTITY',
      '99_SOUL.md': 'SOUL',
      'notes.md': 'UNNUMBERED',
      '.hidden.md': 'HIDDEN',
      '5_empty.md': '   \n',
    };
    for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
    const loader = createPromptLoader({
      dir,
      lang: 'en',
      clock,
      timeZone: 'Asia/Shanghai',
      writeDefaults: false,
    });
    const prompt = await loader.systemPrompt();
    expect(prompt.split('\n\n')).toEqual([
      'IDENTITY',
      'ONE',
      'TEN',
      'SOUL',
      'STATUS',
      'UNNUMBERED',
      'Current time: 2026-11-30 10:05, Monday (time zone Asia/Shanghai, UTC+08:00).',
    ]);
    const zh = createPromptLoader({ dir, lang: 'zh', clock, timeZone: 'UTC', writeDefaults: false });
    expect(await zh.systemPrompt()).toContain('当前时间：2026-11-30 02:05 星期一（时区 UTC，UTC+00:00）');
  });

  it('falls back to one line when there are no prompt files', async () => {
    const loader = createPromptLoader({
      dir: join(tempDir(), 'missing'),
      lang: 'en',
      clock,
      writeDefaults: false,
    });
    expect((await loader.systemPrompt()).split('\n\n')[0]).toBe('You are a helpful AI assistant.');
  });

  it('re-reads a file only when it changed', async () => {
    const dir = tempDir();
    const path = join(dir, '1_a.md');
    writeFileSync(path, 'first');
    const loader = createPromptLoader({ dir, lang: 'en', clock, writeDefaults: false });
    expect((await loader.files())[0]?.content).toBe('first');
    writeFileSync(path, 'second, longer');
    expect((await loader.files())[0]?.content).toBe('second, longer');
    // Same size, new mtime: still seen.
    writeFileSync(path, 'SECOND, LONGER');
    utimesSync(path, new Date(), new Date(Date.now() + 5000));
    expect((await loader.files())[0]?.content).toBe('SECOND, LONGER');
    unlinkSync(path);
    expect(await loader.files()).toEqual([]);
  });
});

describe('default prompt files', () => {
  for (const lang of ['zh', 'en'] as const) {
    it(`are written once in ${lang} and never overwritten`, () => {
      const dir = tempDir();
      writeFileSync(join(dir, SOUL_FILE), 'my own soul');
      const loader = createPromptLoader({ dir, lang, clock });
      const written = loader.ensureDefaults();
      const expected = Object.keys(defaultPrompts(lang)).filter((n) => n !== SOUL_FILE);
      expect(written.sort()).toEqual(expected.sort());
      expect(readFileSync(join(dir, SOUL_FILE), 'utf8')).toBe('my own soul');
      expect(readFileSync(join(dir, '9_language_instruction.md'), 'utf8')).toBe(
        defaultPrompts(lang)['9_language_instruction.md'],
      );

      // Edited and deleted files stay as the user left them.
      writeFileSync(join(dir, '00_IDENTITY.md'), 'edited');
      unlinkSync(join(dir, '4_web_access.md'));
      expect(loader.ensureDefaults()).toEqual([]);
      expect(readFileSync(join(dir, '00_IDENTITY.md'), 'utf8')).toBe('edited');
      expect(readdirSync(dir)).not.toContain('4_web_access.md');
      expect(readdirSync(dir)).toContain(DEFAULTS_MARKER);
      expect(readdirSync(dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
    });
  }

  it('are written by the loader itself before its first read', async () => {
    const dir = tempDir();
    const loader = createPromptLoader({ dir, lang: 'zh', clock });
    const names = (await loader.files()).map((f) => f.name);
    expect(names[0]).toBe('00_IDENTITY.md');
    expect(names.at(-1)).toBe('100_STATUS.md');
    expect(names).toHaveLength(Object.keys(defaultPrompts('zh')).length);
  });

  it('tell the model how skills work (search, --help, run) in both languages', () => {
    expect(defaultPrompts('en')['7_extension_skills.md']).toMatch(
      /search_skills[\s\S]*--help[\s\S]*run_command/,
    );
    expect(defaultPrompts('zh')['7_extension_skills.md']).toMatch(
      /search_skills[\s\S]*--help[\s\S]*run_command/,
    );
    expect(Object.keys(defaultPrompts('zh'))).toEqual(Object.keys(defaultPrompts('en')));
  });
});

describe('prompts in a running session', () => {
  it('an edited prompt file shows up on the next turn; the user message is sent unwrapped', async () => {
    fx = await createFixture();
    const session = fx.manager.get('main');
    await session.enqueue({ content: 'hello', source: 'user' }).done;
    writeFileSync(join(fx.paths.prompts, SOUL_FILE), 'I am a pirate assistant.');
    await session.enqueue({ content: 'who are you?', source: 'user' }).done;
    const [first, second] = fx.llm.calls.map((c) => c.messages);
    expect(first[0].content).not.toContain('pirate');
    expect(second[0].content).toContain('I am a pirate assistant.');
    expect(second.filter((m: { role: string }) => m.role === 'system')).toHaveLength(1);
    expect(second.at(-1)).toEqual({ role: 'user', content: 'who are you?' });
  });

  it('task instructions go into that turn only', async () => {
    fx = await createFixture();
    const session = fx.manager.get('task-7');
    await session.enqueue({ content: 'Water the plants', source: 'task', instructions: 'TASK-CONTEXT-7' })
      .done;
    await session.enqueue({ content: 'anything else?', source: 'user' }).done;
    const [first, second] = fx.llm.calls.map((c) => c.messages);
    expect(first[0].content).toContain('TASK-CONTEXT-7');
    expect(first.at(-1)).toEqual({ role: 'user', content: 'Water the plants' });
    expect(second[0].content).not.toContain('TASK-CONTEXT-7');
    expect(session.history(10).map((h) => h.content)).toEqual([
      'Water the plants',
      'ok',
      'anything else?',
      'ok',
    ]);
  });
});
