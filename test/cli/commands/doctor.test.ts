/**
 * `aibox doctor` against real files: a box that is fine (the model answering on the fake LLM's
 * wire, an Aibox already on the port, an MCP server in the sandbox), as a real child process; then,
 * in this process (runInProcess), one where everything a user would debug by hand is broken, each
 * named with its fix in both languages and exit code 1; `--offline` sends nothing.
 */
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../src/config/schema.js';
import { createMigratingListener } from '../../../src/server/migrating-listener.js';
import { fakeLlmSection, homeEnv } from '../../helpers/box.js';
import { runCli, tempHome } from '../../helpers/cli.js';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { type FakeLlm, startFakeLlm } from '../../helpers/fake-llm.js';
import { type Box, FAKE_KEY, KEY_ENV, startBox } from '../../server/harness.js';

const PEEK_SERVER = resolve(import.meta.dirname, '../../mcp/fixtures/peek-mcp-server.mjs');

interface Check {
  id: string;
  status: string;
  summary: string;
  fix?: string;
  lines?: string[];
}

function byId(stdout: string): Record<string, Check> {
  const report = JSON.parse(stdout) as { checks: Check[] };
  return Object.fromEntries(report.checks.map((c) => [c.id, c]));
}

describe('aibox doctor', () => {
  let box: Box;
  let llm: FakeLlm;
  beforeAll(async () => {
    box = await startBox();
    llm = await startFakeLlm();
  });
  afterAll(async () => {
    await box?.close();
    await llm?.close();
  });

  it('says all is well on a working box: the model answered one tiny request, an Aibox is on the port', async () => {
    const config = JSON.parse(readFileSync(join(box.home, 'config.json'), 'utf8'));
    const port = Number(new URL(box.server.url).port);
    const peek = {
      command: process.execPath,
      args: [PEEK_SERVER],
      env: { PEEK: join(box.home, 'config.json') },
    };
    writeFileSync(
      join(box.home, 'config.json'),
      JSON.stringify({ ...config, server: { port }, mcp: { servers: { peek } } }),
    );
    const before = box.llm.requests.length;
    const run = await runCli(['doctor', '--json'], {
      home: box.home,
      env: homeEnv(box.home, { [KEY_ENV]: FAKE_KEY }),
    });
    const checks = byId(run.stdout);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).ok).toBe(true);
    expect(checks.model).toMatchObject({
      status: 'ok',
      summary: expect.stringContaining('custom/fake-model'),
    });
    expect(box.llm.requests.length).toBe(before + 1);
    const sent = box.llm.requests.at(-1);
    expect(sent?.headers.authorization).toBe(`Bearer ${FAKE_KEY}`);
    expect(sent?.body.max_tokens ?? sent?.body.max_completion_tokens).toBe(1);
    expect(checks.data_dir?.status).toBe('ok');
    expect(checks.memory_search).toMatchObject({ status: 'ok', summary: 'memory search: keyword only' });
    expect(checks.database).toMatchObject({
      status: 'ok',
      summary: expect.stringContaining('quick_check ok'),
    });
    expect(checks.sandbox).toMatchObject({ status: 'ok', summary: expect.stringContaining('bubblewrap') });
    expect(checks['mcp:peek']).toMatchObject({
      status: 'ok',
      summary: 'MCP server peek: connected, 1 tools',
    });
    expect(checks['channel:telegram']).toMatchObject({ status: 'skip', summary: 'Telegram: not configured' });
    expect(checks.disk?.status).toBe('ok');
    expect(checks.port).toMatchObject({
      status: 'ok',
      summary: expect.stringMatching(/^port: Aibox \S+ is running on/),
    });
  }, 90_000);

  it('names each broken thing with its fix, in both languages, and exits 1; --offline sends nothing', async () => {
    const home = mkdtempSync(join(tempHome('aibox-doctor-'), 'home-'));
    // Another program on the port: it hangs up on whoever connects.
    const taken = createServer((socket) => socket.destroy());
    await new Promise<void>((done) => taken.listen(0, '127.0.0.1', done));
    const port = (taken.address() as AddressInfo).port;
    try {
      llm.script({ status: 401, message: 'invalid api key' }, { status: 401, message: 'invalid api key' });
      const config = {
        llm: fakeLlmSection(llm, KEY_ENV),
        server: { port, token: 'a-server-token' },
        skills: { install_examples: false },
        mcp: { servers: { gone: { command: '/nonexistent/mcp-server' } } },
        channels: { telegram: { token: '123:fake', api_root: 'http://127.0.0.1:9' } },
      };
      writeFileSync(join(home, 'config.json'), JSON.stringify(config));
      // The approval credential, readable by others (a copy made with cp, say).
      writeFileSync(join(home, 'client-key'), 'k'.repeat(43), { mode: 0o644 });
      chmodSync(join(home, 'client-key'), 0o644);
      writeFileSync(join(home, 'memories.db'), `${'SQLite format 3\0'}${'garbage '.repeat(600)}`, {
        mode: 0o600,
      });
      const env = homeEnv(home, { [KEY_ENV]: 'sk-wrong' });

      const en = await runInProcess(['doctor', '--json'], { home, env });
      expect(en.code).toBe(1);
      const checks = byId(en.stdout);
      expect(checks.model).toMatchObject({ status: 'fail', fix: expect.stringContaining(KEY_ENV) });
      expect(checks.data_dir).toMatchObject({
        status: 'fail',
        fix: `tighten them: chmod 600 ${join(home, 'client-key')}`,
      });
      expect(checks.database).toMatchObject({
        status: 'fail',
        summary: expect.stringContaining('is damaged'),
      });
      expect(checks.database?.fix).toContain('sqlite3');
      expect(checks['mcp:gone']).toMatchObject({ status: 'fail', fix: expect.stringContaining('mcp check') });
      expect(checks['channel:telegram']).toMatchObject({
        status: 'fail',
        fix: expect.stringContaining('channels check'),
      });
      expect(checks.port).toMatchObject({
        status: 'fail',
        summary: `port: 127.0.0.1:${port} is taken by another program`,
        fix: expect.stringContaining('npm start -- --port'),
      });

      const zh = await runInProcess(['doctor', '--lang', 'zh'], { home, env });
      expect(zh.code).toBe(1);
      expect(zh.stdout).toContain('❌ 模型：请求失败（auth）');
      expect(zh.stdout).toContain(`修复：密钥被拒绝：检查 ${KEY_ENV}`);
      expect(zh.stdout).toContain(`❌ 端口：127.0.0.1:${port} 被另一个程序占用`);
      expect(zh.stdout).toContain('已损坏');
      expect(zh.stdout).toMatch(/共 \d+ 项正常，\d+ 项警告，\d+ 项故障/);

      const asked = llm.requests.length;
      const offline = await runInProcess(['doctor', '--offline', '--json'], { home, env });
      expect(offline.code).toBe(1);
      expect(byId(offline.stdout).model?.status).toBe('skip');
      expect(byId(offline.stdout)['channel:telegram']?.summary).toContain('not checked (--offline)');
      expect(llm.requests.length).toBe(asked);
    } finally {
      await new Promise((done) => taken.close(done));
    }
  }, 120_000);

  it('without a key: broken even offline, and says which variable to set', async () => {
    const home = tempHome('aibox-doctor-nokey-');
    writeFileSync(
      join(home, 'config.json'),
      JSON.stringify({ server: { port: 0 }, skills: { install_examples: false } }),
    );
    const run = await runInProcess(['doctor', '--offline'], { home, env: homeEnv(home) });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('❌ model: no key (the environment variable DEEPSEEK_API_KEY is not set)');
    expect(run.stdout).toContain("fix: enter the key in the page's Settings");
    expect(run.stdout).toContain('export DEEPSEEK_API_KEY=');
    expect(run.stdout).toContain('➖ port: server.port = 0');
  }, 60_000);

  it('an Aibox still migrating its database on the port is an Aibox, not another program', async () => {
    const home = tempHome('aibox-doctor-migrating-');
    const config = defaultConfig();
    config.server.port = 0;
    const migrating = createMigratingListener({ lang: 'en' });
    await migrating.open(config);
    try {
      writeFileSync(
        join(home, 'config.json'),
        JSON.stringify({ server: { port: migrating.port() }, skills: { install_examples: false } }),
      );
      const run = await runInProcess(['doctor', '--offline', '--json'], { home, env: homeEnv(home) });
      expect(byId(run.stdout).port).toMatchObject({
        status: 'ok',
        summary: expect.stringMatching(/^port: Aibox \S+ is running on/),
      });
    } finally {
      await migrating.close();
    }
  }, 60_000);
});
