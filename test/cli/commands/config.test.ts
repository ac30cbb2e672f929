/**
 * `aibox config` on a real config.json: the keys as the schema lists them, `set` validated before anything is written (a typo gets its nearest key, a wrong type the
 * key, the expected type and the value, broken JSON its line and column; the file is then
 * untouched), secrets only as set, the file 0600 after a write. Run in this process
 * (test/helpers/cli-in-process.ts), but for a saved value and a refused file: real child processes.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { homeEnv } from '../../helpers/box.js';
import { runCli, tempHome } from '../../helpers/cli.js';
import { runInProcess } from '../../helpers/cli-in-process.js';

describe('aibox config', () => {
  it('lists keys, sets and unsets them validated, and never writes a refused value', {
    timeout: 120_000,
  }, async () => {
    const home = tempHome('aibox-config-cli-');
    const path = join(home, 'config.json');
    // Port 1: no box of anyone's answers there, so the CLI finds none running.
    writeFileSync(path, JSON.stringify({ server: { port: 1 } }, null, 4));
    const cli = (...args: string[]) => runInProcess(['--lang', 'en', ...args], { home, env: homeEnv(home) });
    const child = (...args: string[]) => runCli(['--lang', 'en', ...args], { home, env: homeEnv(home) });

    const keys = await cli('config', 'keys', '--json');
    const rows = JSON.parse(keys.stdout).keys as { key: string; live: boolean; description: string }[];
    expect(rows.length).toBeGreaterThan(80);
    expect(rows.find((r) => r.key === 'safety.web_allow_hosts')).toMatchObject({ live: true });
    const zh = await runInProcess(['--lang', 'zh', 'config', 'keys'], { home, env: homeEnv(home) });
    expect(zh.stdout).toContain('llm.timeout_s  number = 120  [立即生效]');

    const before = readFileSync(path, 'utf8');
    const typo = await cli('config', 'set', 'llm.timeout', '5');
    expect(typo.code).toBe(1);
    expect(typo.stderr).toContain('llm.timeout: expected no such key; did you mean llm.timeout_s?');
    const wrong = await cli('config', 'set', 'llm.temperature', 'hot');
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('llm.temperature: expected a number, found "hot"');
    expect(readFileSync(path, 'utf8')).toBe(before);
    // A hand-broken file stops any command, which says it did not run (only serve "started" nothing).
    writeFileSync(path, '{"llm": {"temperature": "hot"}}');
    const onHandBroken = await child('config', 'show');
    expect(onHandBroken.code).toBe(1);
    expect(onHandBroken.stderr).toContain('The config file is invalid; the command did not run');
    writeFileSync(path, before);

    const set = await child('config', 'set', 'llm.timeout_s', '30');
    expect(set.code).toBe(0);
    expect(set.stdout).toContain('Saved: llm.timeout_s');
    expect(set.stdout).toContain('not running');
    expect(await cli('config', 'set', 'channels.telegram.token', '123:cli-secret')).toMatchObject({
      code: 0,
    });
    expect(await cli('config', 'set', 'channels.telegram.allowed_ids', '[5, 6]')).toMatchObject({ code: 0 });
    const file = JSON.parse(readFileSync(path, 'utf8'));
    expect(file).toEqual({
      server: { port: 1 },
      llm: { timeout_s: 30 },
      channels: { telegram: { token: '123:cli-secret', allowed_ids: [5, 6] } },
    });
    expect(readFileSync(path, 'utf8')).toContain('\n    "server"'); // the file's indentation kept
    expect(statSync(path).mode & 0o777).toBe(0o600);

    const shown = await cli('config', 'show');
    expect(shown.stdout).toContain('  llm.timeout_s: 30');
    expect(shown.stdout).toContain('  channels.telegram.token: (set, hidden)');
    expect(shown.stdout).not.toContain('cli-secret');

    expect(await cli('config', 'unset', 'llm.timeout_s')).toMatchObject({ code: 0 });
    expect(JSON.parse(readFileSync(path, 'utf8')).llm).toEqual({});

    const broken = '{\n  "llm": {\n    "model": "x",,\n  }\n}\n';
    writeFileSync(path, broken);
    const onBroken = await cli('config', 'set', 'llm.model', 'y');
    expect(onBroken.code).toBe(1);
    expect(onBroken.stderr).toMatch(/line 3, column \d+/);
    expect(readFileSync(path, 'utf8')).toBe(broken);
  });
});
