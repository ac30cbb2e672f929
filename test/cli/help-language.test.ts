/**
 * The help and commander's own errors in one language: every command's and subcommand's help in
 * Chinese has no English prose (commander's defaults and headings included), `--lang en` gives all
 * of it in English whatever the environment, and a word that names no command says so, with the
 * nearest command or the list of them, instead of "too many arguments" for the default command.
 */
import type { Command } from 'commander';
import { afterEach, describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/run.js';
import { tempHome } from '../helpers/cli.js';
import { runInProcess } from '../helpers/cli-in-process.js';

/** Every command's help text, the program's first, built as `aibox ARGV…` builds it. */
async function everyHelp(argv: string[]): Promise<{ name: string; text: string }[]> {
  // Each command reads --lang from process.argv as it registers, the way `aibox ARGV…` runs.
  const before = process.argv;
  process.argv = ['node', 'aibox', ...argv];
  const program = await buildProgram(process.argv).finally(() => {
    process.argv = before;
  });
  const out: { name: string; text: string }[] = [];
  const walk = (command: Command, name: string) => {
    out.push({ name, text: command.helpInformation() });
    for (const sub of command.commands) walk(sub, `${name} ${sub.name()}`);
  };
  walk(program, 'aibox');
  return out;
}

const saved = process.env.AIBOX_LANG;
afterEach(() => {
  if (saved === undefined) delete process.env.AIBOX_LANG;
  else process.env.AIBOX_LANG = saved;
});

/** Three English words in a row, once names, flags, keys, paths and quoted text are left out. */
const ENGLISH_PROSE = /\b[A-Za-z]{2,} [a-z]{2,} [a-z]{2,}\b/;
const strip = (line: string) =>
  line
    .replace(/https?:\/\/\S+|--?[\w-]+|<[^>]+>|\[[^\]]+\]|"[^"]*"|'[^']*'|`[^`]*`|\S*[._/=]\S*/g, ' ')
    .replace(/\baibox( [a-z]+){0,2}/g, ' ')
    .replace(/\b(Claude Desktop|Claude Code|Streamable HTTP|Agent Skills?|Python Aibox)\b/g, ' ');

describe('the help', () => {
  it('is Chinese throughout for every command, commander’s own words included', async () => {
    process.env.AIBOX_LANG = 'zh';
    const helps = await everyHelp([]);
    expect(helps.length).toBeGreaterThan(50);
    for (const { name, text } of helps) {
      expect(text, name).toContain('用法:');
      expect(text, name).not.toMatch(/Usage:|Options:|Commands:|Arguments:|\(default:|\(choices:|\(env:/);
      for (const line of text.split('\n')) {
        // The usage line and the option/argument terms are names, not prose.
        if (line.startsWith('用法:')) continue;
        const described = line.replace(/^ {2}\S.*? {2,}/, '');
        expect(strip(described), `${name}: ${line}`).not.toMatch(ENGLISH_PROSE);
      }
    }
  });

  it('is English throughout with --lang en, whatever the environment says', async () => {
    process.env.AIBOX_LANG = 'zh';
    const helps = await everyHelp(['--lang', 'en']);
    for (const { name, text } of helps) {
      expect(text, name).toContain('Usage:');
      expect(text, name).not.toMatch(/用法|选项|命令|参数|（默认/);
    }
    // The program's own options and a repeatable option's empty default are not shown as `[]`.
    const ask = helps.find((h) => h.name === 'aibox ask')?.text ?? '';
    expect(ask).not.toContain('(default: [])');
  });
});

// In this process (test/helpers/cli-in-process.ts); test/cli/main.test.ts runs the bin on a stray word.
describe('a word that names no command', () => {
  it('is called unknown, with the nearest command or the list, in the language asked', async () => {
    const home = tempHome('aibox-unknown-');
    const stray = await runInProcess(['frobnicate'], { home });
    expect(stray.code).toBe(1);
    expect(stray.stderr).toContain('error: unknown command frobnicate (its commands: serve, ask, chat,');
    expect(stray.stderr).not.toContain('too many arguments');
    const typo = await runInProcess(['srve'], { home });
    expect(typo.stderr).toBe('error: unknown command srve (did you mean serve?)\n');
    const sub = await runInProcess(['config', 'list'], { home });
    expect(sub.code).toBe(1);
    expect(sub.stderr).toBe(
      'error: config has no command list (its commands: show, keys, set, unset, reload)\n',
    );
    const zh = await runInProcess(['--lang', 'zh', 'memory', 'lst'], { home });
    expect(zh.stderr).toBe('错误: memory 没有子命令 lst（是否想用 list？）\n');
    // Commander's own errors in Chinese too.
    const missing = await runInProcess(['mcp', 'add'], { home, env: { AIBOX_LANG: 'zh' } });
    expect(missing.code).toBe(1);
    expect(missing.stderr.split('\n')[0]).toBe('错误: 缺少参数 name');
    const option = await runInProcess(['--lang', 'zh', 'skills', 'search', '--bogus', 'x'], { home });
    expect(option.stderr.split('\n')[0]).toBe('错误: 未知选项 --bogus');
  }, 60_000);
});
