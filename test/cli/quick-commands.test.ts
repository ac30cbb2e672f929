import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchQuickCommand } from '../../src/cli/quick-commands.js';
import { type CliRun, runCli, tempHome } from '../helpers/cli.js';
import { runInProcess } from '../helpers/cli-in-process.js';

const match = (...args: string[]) => {
  const quick = matchQuickCommand(['node', 'aibox', ...args]);
  return quick && { path: quick.command.path, words: quick.words, opts: quick.opts, globals: quick.globals };
};

describe('matchQuickCommand: only argvs it fully understands', () => {
  it('reads the plain forms: words and options in any order, global options before the command', () => {
    expect(match('skills', 'search', 'send', 'mail', '--limit', '3', '--json')).toEqual({
      path: ['skills', 'search'],
      words: ['send', 'mail'],
      opts: { limit: '3', json: true },
      globals: {},
    });
    expect(
      match('--lang', 'zh', '-c', '/x/config.json', 'memory', 'search', '--all', '喝水', '--page', '2'),
    ).toEqual({
      path: ['memory', 'search'],
      words: ['喝水'],
      opts: { all: true, page: '2' },
      globals: { lang: 'zh', config: '/x/config.json' },
    });
    // A bad value is the action's to refuse (the same message either way).
    expect(match('skills', 'search', 'x', '--limit', 'zero')?.opts).toEqual({ limit: 'zero' });
  });

  it('leaves everything else to commander', () => {
    for (const args of [
      ['skills', 'search'], // missing keyword
      ['skills', 'search', 'x', '--help'],
      ['skills', 'search', '-h', 'x'],
      ['skills', 'search', 'x', '--limit'], // value missing
      ['skills', 'search', 'x', '--limit', '-1'],
      ['skills', 'search', 'x', '--limit=3'],
      ['skills', 'search', 'x', '--json', '--json'],
      ['skills', 'search', 'x', '--page', '2'], // memory's option, not skills'
      ['skills', 'search', '--', '-x'],
      ['skills', 'search', 'x', '--lang', 'en'], // global option after the command
      ['--lang', 'en', '--lang', 'zh', 'skills', 'search', 'x'],
      ['--lang', 'skills', 'search', 'x'],
      ['--verbose', 'skills', 'search', 'x'],
      ['skills', 'list'],
      ['memory', 'list'],
      ['search', 'x'],
      ['--version'],
      [],
    ])
      expect(match(...args), args.join(' ')).toBeUndefined();
  });
});

describe('quick commands answer exactly as the commander program does', { timeout: 120_000 }, () => {
  // `--lang en` after the command words is a form only commander reads: the same command, the other
  // path. The quick path runs from its own bundle (dist/quick/), so as a real child process; the
  // program it must agree with runs in this process (test/helpers/cli-in-process.ts).
  const viaCommander = (args: string[], home: string) => runInProcess([...args, '--lang', 'en'], { home });

  it('skills search and memory search: same output, errors and exit codes on both paths', async () => {
    const home = tempHome();
    writeFileSync(join(home, 'config.json'), JSON.stringify({ skills: { install_examples: true } }));
    // The built program validates config.json first, so the quick runs read it from the cache as a
    // user's do (a run from src/ records another build's validation: test/helpers/cli-in-process.ts).
    expect((await runCli(['memory', 'list'], { home })).code).toBe(0);
    const cases = [
      ['skills', 'search', 'unit', 'convert'],
      ['skills', 'search', '单位', '--json', '--limit', '1'],
      ['skills', 'search', 'nothing-matches-this'],
      ['skills', 'search', 'x', '--limit', '0'],
      ['memory', 'search', '喝水', '--json'],
      ['memory', 'search', 'x', '--page', 'two'],
      ['memory', 'search', 'a', 'b', '--all', '--limit', '5'],
    ];
    const quick: CliRun[] = [];
    for (const args of cases) {
      expect(matchQuickCommand(['node', 'aibox', ...args]), args.join(' ')).toBeDefined();
      quick.push(await runCli(args, { home }));
    }
    for (const [i, args] of cases.entries())
      expect({ args, ...quick[i] }).toEqual({ args, ...(await viaCommander(args, home)) });
  });

  it('a broken config.json is reported the same way on both paths', async () => {
    const home = tempHome();
    writeFileSync(join(home, 'config.json'), JSON.stringify({ skills: { probe_timeout_s: 'soon' } }));
    const args = ['skills', 'search', 'x'];
    const quick = await runCli(args, { home });
    expect(quick.code).toBe(1);
    expect(quick.stderr).toContain('probe_timeout_s');
    expect(quick).toEqual(await viaCommander(args, home));
  });
});
