import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../helpers/cli.js';
import { runInProcess } from '../helpers/cli-in-process.js';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

describe('aibox entry point', () => {
  it('answers --version and -V alone with the package version, and writes no home', async () => {
    for (const flag of ['--version', '-V']) {
      const home = `${tempHome()}/never-created`;
      const r = await runCli([flag], { home });
      expect(r).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
      expect(existsSync(home)).toBe(false);
    }
  });

  it('leaves everything else to the program: help, global options before --version, stray words', async () => {
    const help = await runCli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: aibox');
    expect(help.stdout).toContain('skills');
    expect(help.stdout).toContain('a self-hosted AI agent for your own box');
    // The same help in Chinese, in this process (test/helpers/cli-in-process.ts).
    const zh = await runInProcess(['--help'], { home: tempHome(), env: { AIBOX_LANG: 'zh' } });
    expect(zh.stdout).toContain('运行在你自己机器上的 AI 助手');
    expect(zh.stdout).toContain('消息语言');
    // No English left in the Chinese help of the program or a subcommand (commander's own words included).
    const zhMcp = await runInProcess(['mcp', 'add', '--help'], {
      home: tempHome(),
      env: { AIBOX_LANG: 'zh' },
    });
    for (const text of [zh.stdout, zhMcp.stdout]) {
      expect(text).toContain('用法:');
      expect(text).not.toMatch(/Usage:|Options:|Commands:|Arguments:|display help|output the version/);
    }
    expect(zhMcp.stdout).toContain('服务器名称');
    const withLang = await runCli(['--lang', 'en', '--version']);
    expect(withLang).toMatchObject({ code: 0, stdout: `${version}\n` });
    // `serve` is the default command, yet a stray word is called what it is (test/cli/help-language.test.ts).
    const unknown = await runCli(['frobnicate']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('unknown command frobnicate');
  });
});
