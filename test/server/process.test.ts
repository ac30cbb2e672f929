/**
 * The real `aibox serve` process: kill -9 during a turn loses nothing finished and leaves an
 * intact database; SIGTERM exits 0; a broken config or an unsafe --host stop it from starting.
 */
import { writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { delimiter, join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_PATH, runCli, tempHome } from '../helpers/cli.js';
import { type FakeLlm, startFakeLlm } from '../helpers/fake-llm.js';
import { serveProcess } from '../helpers/serve-process.js';
import { boxConfig, connectReady, testEnv } from './harness.js';

/** The serve process with its WebSocket URL, and the fake model's key in its environment. */
async function serve(home: string, args: string[] = [], env: NodeJS.ProcessEnv = {}) {
  const served = await serveProcess(home, { ...testEnv(home), ...env }, args);
  return { ...served, url: served.url.replace(/^http/, 'ws') };
}

// The first two tests use homes of their own and run side by side; the last one reuses the first's home.
describe.concurrent('aibox serve process', () => {
  let llm: FakeLlm;
  let home: string;
  beforeAll(async () => {
    llm = await startFakeLlm();
    home = tempHome('aibox-serve-');
    writeFileSync(join(home, 'config.json'), JSON.stringify(boxConfig(llm)));
  });
  afterAll(async () => {
    await llm?.close();
  });

  it('keeps every finished message and an intact database after kill -9 mid-turn; SIGTERM exits 0', async () => {
    // Run by node directly, with another program called aibox first on PATH: the banner must
    // suggest a chat command that reaches this aibox.
    const otherBin = tempHome('aibox-other-bin-');
    writeFileSync(join(otherBin, 'aibox'), '#!/bin/sh\nexit 1\n', { mode: 0o755 });
    const first = await serve(home, [], {
      npm_lifecycle_event: undefined,
      npm_package_json: undefined,
      PATH: `${otherBin}${delimiter}${process.env.PATH ?? ''}`,
    });
    const c = await connectReady(first.url);
    llm.script({ text: 'first answer' });
    c.send({ type: 'message', content: 'first question' });
    await c.waitType('complete');
    llm.script({ stall: 'mid-stream' });
    c.send({ type: 'message', content: 'second question' });
    await c.waitType('chunk', { from: c.frames.findIndex((f) => f.type === 'complete') + 1 });
    first.child.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    expect(first.stdout()).toContain(`run: node ${CLI_PATH} chat ws://127.0.0.1:`);
    // The banner says what is on and where.
    expect(first.stdout()).toContain('OpenAI-compatible API: off (set server.openai_api');
    expect(first.stdout()).toMatch(/MCP server \(Streamable HTTP\): http:\/\/127\.0\.0\.1:\d+\/mcp/);
    expect(first.stdout()).toContain('Chat channels: none configured');

    const second = await serve(home, ['--lang', 'zh']);
    const again = await connectReady(second.url);
    expect(again.frames[0]?.content).toBe('✅ 已连接到AI服务器');
    const history = again.frames.find((f) => f.type === 'history')?.messages as {
      role: string;
      content: string;
    }[];
    expect(history.slice(0, 2).map((m) => [m.role, m.content])).toEqual([
      ['user', 'first question'],
      ['assistant', 'first answer'],
    ]);
    expect(history.some((m) => m.role === 'assistant' && m.content.includes('thinking'))).toBe(false);
    // SIGTERM while a turn is streaming: the turn is aborted, the process exits 0.
    llm.script({ stall: 'mid-stream' });
    again.send({ type: 'message', content: 'third question' });
    await again.waitFor((f) => f.type === 'chunk' && f.content === 'thinking');
    second.child.kill('SIGTERM');
    expect((await again.closed).code).toBe(1001);
    expect(await second.exited).toEqual({ code: 0, signal: null });
    expect(second.stdout()).toContain('已安全关闭');

    const db = new Database(join(home, 'memories.db'), { readonly: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
  }, 180_000);

  it('does not start with a broken config.json, and names the bad key', async () => {
    const broken = tempHome('aibox-broken-');
    writeFileSync(join(broken, 'config.json'), JSON.stringify({ llm: { temperature: 'hot' } }));
    const run = await runCli(['serve', '--port', '0'], { home: broken });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('The config file is invalid; nothing was started');
    expect(run.stderr).toContain('llm.temperature');
  }, 90_000);

  it('says how to pick another port when the port is taken', async () => {
    const taken = createServer();
    await new Promise<void>((done) => taken.listen(0, '127.0.0.1', done));
    const port = (taken.address() as AddressInfo).port;
    try {
      // The language comes from the config file (no flag): the error is said after it is read.
      const portHome = tempHome('aibox-port-');
      writeFileSync(join(portHome, 'config.json'), JSON.stringify({ lang: 'en' }));
      const run = await runCli(['serve', '--port', String(port), '--no-scheduler'], {
        home: portHome,
        env: { AIBOX_LANG: '', AI_LANGUAGE: '', LC_ALL: '', LC_MESSAGES: '', LANG: 'zh_CN.UTF-8' },
      });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`Port ${port} is already in use`);
      expect(run.stderr).toContain(`serve --port ${port + 1}`);
    } finally {
      taken.close();
    }
  }, 90_000);

  it.sequential('refuses a non-loopback --host without a token and rejects bad flags', async () => {
    const run = await runCli(['serve', '--host', '0.0.0.0', '--port', '0', '--no-scheduler'], { home });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/token/);
    const bad = await runCli(['serve', '--debug', '7'], { home });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--debug');
  }, 90_000);
});
