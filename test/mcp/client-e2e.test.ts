/**
 * The model (fake LLM) calls tools of real MCP servers end to end over the WebSocket:
 * server-everything over stdio and Streamable HTTP, server-filesystem on a temp dir, plus a
 * server that dies at start (the box starts anyway and says why).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app/create-app.js';
import { type RunningServer, startServer } from '../../src/server/start-server.js';
import { runCli, tempHome } from '../helpers/cli.js';
import { type FakeLlm, startFakeLlm } from '../helpers/fake-llm.js';
import { createQuietApp } from '../helpers/quiet-app.js';
import { connectReady, type WsClient } from '../helpers/ws-client.js';
import { boxConfig, testEnv } from '../server/harness.js';
import { everythingStdio, filesystemStdio, type HttpEverything, startHttpEverything } from './servers.js';

let home: string;
let files: string;
let llm: FakeLlm;
let http: HttpEverything;
let sse: HttpEverything;
let app: App;
let server: RunningServer;
let client: WsClient;

beforeAll(async () => {
  home = tempHome('aibox-mcp-');
  files = join(home, 'files');
  mkdirSync(files);
  writeFileSync(join(files, 'note.txt'), '你好，MCP');
  writeFileSync(join(files, 'big.txt'), 'line of text\n'.repeat(5000));
  [llm, http, sse] = await Promise.all([startFakeLlm(), startHttpEverything(), startHttpEverything('sse')]);
  const config = boxConfig(llm, {
    tools: { max_result_chars: 2000 },
    safety: {
      rules: [
        { tool: 'mcp', command: 'everything__*', decision: 'allow' },
        { tool: 'mcp', command: 'web__*', decision: 'allow' },
        { tool: 'mcp', command: 'old__*', decision: 'allow' },
        { tool: 'mcp', command: 'fs__*', decision: 'allow' },
        { tool: 'mcp', command: 'everything__get-env', decision: 'deny' },
      ],
    },
    mcp: {
      servers: {
        everything: everythingStdio(),
        web: { url: http.url },
        old: { url: sse.url },
        fs: filesystemStdio(files),
        dead: { command: process.execPath, args: ['-e', 'console.error("no config here"); process.exit(3)'] },
        off: { command: 'never-run', enabled: false },
      },
    },
  });
  writeFileSync(join(home, 'config.json'), JSON.stringify(config));
  app = await createQuietApp({
    home,
    env: testEnv(home),
    mcpBackoff: { initialMs: 60_000, maxMs: 60_000 },
  });
  server = await startServer(app, { host: '127.0.0.1', port: 0, heartbeatMs: 0 });
  await app.mcp.settled();
  client = await connectReady(server.url.replace(/^http/, 'ws'));
});

afterAll(async () => {
  client?.close();
  await server?.close();
  await app?.close();
  await http?.close();
  await sse?.close();
  await llm?.close();
});

/** The tool message the model was sent for call `id` in request `n`. */
async function toolResultSeen(n: number, id: string): Promise<string> {
  const request = await llm.waitForRequest(n);
  const message = request.body.messages.find(
    (m: { role: string; tool_call_id?: string }) => m.role === 'tool' && m.tool_call_id === id,
  );
  return String(message?.content);
}

describe('MCP client', () => {
  it('reports each server: connected with tools, dead with the reason, disabled', () => {
    const byName = Object.fromEntries(app.mcp.status().map((s) => [s.name, s]));
    expect(byName.everything).toMatchObject({ state: 'connected', transport: 'stdio' });
    expect(byName.everything?.tools).toBeGreaterThan(5);
    expect(byName.web).toMatchObject({ state: 'connected', transport: 'streamable-http' });
    expect(byName.fs?.state).toBe('connected');
    // An SSE-only server: Streamable HTTP is refused, the SSE transport is used instead.
    expect(byName.old).toMatchObject({ state: 'connected', transport: 'sse' });
    expect(byName.dead?.state).toBe('failed');
    expect(byName.dead?.error).toContain('no config here');
    expect(byName.off?.state).toBe('disabled');
  });

  it('offers the tools to the model as server__tool with their JSON Schemas', async () => {
    llm.script({ text: 'hello' });
    const n = llm.requests.length + 1;
    await client.chat('hi');
    const request = await llm.waitForRequest(n);
    const tools = request.body.tools.map(
      (t: { function: { name: string; parameters: unknown } }) => t.function,
    );
    const echo = tools.find((t: { name: string }) => t.name === 'everything__echo');
    expect(echo.parameters).toMatchObject({ type: 'object', properties: { message: { type: 'string' } } });
    expect(tools.map((t: { name: string }) => t.name)).toEqual(
      expect.arrayContaining(['run_command', 'web__get-sum', 'fs__read_text_file']),
    );
  });

  it('runs tools over stdio and Streamable HTTP; a result too large is cut and saved', async () => {
    llm.script(
      {
        toolCalls: [
          { id: 'c_echo', name: 'everything__echo', arguments: { message: '中文 echo' } },
          { id: 'c_sum', name: 'web__get-sum', arguments: { a: 2, b: 40 } },
          { id: 'c_old', name: 'old__echo', arguments: { message: 'over sse' } },
          { id: 'c_read', name: 'fs__read_text_file', arguments: { path: join(files, 'note.txt') } },
          { id: 'c_big', name: 'fs__read_text_file', arguments: { path: join(files, 'big.txt') } },
          { id: 'c_img', name: 'everything__get-tiny-image', arguments: {} },
        ],
      },
      { text: 'done' },
    );
    const n = llm.requests.length + 2;
    const end = await client.chat('use the tools');
    expect(end.type).toBe('complete');
    expect(await toolResultSeen(n, 'c_echo')).toContain('中文 echo');
    expect(await toolResultSeen(n, 'c_sum')).toContain('42');
    expect(await toolResultSeen(n, 'c_old')).toContain('over sse');
    expect(await toolResultSeen(n, 'c_read')).toContain('你好，MCP');
    const big = await toolResultSeen(n, 'c_big');
    expect(big.length).toBeLessThanOrEqual(2000);
    expect(big).toContain('tool_results');
    const image = await toolResultSeen(n, 'c_img');
    expect(image).toMatch(/\[image: image\/png/);
    expect(image).not.toMatch(/iVBOR/);
  });

  it('refuses by rule, refuses an unchecked call when nobody can be asked, and rejects bad arguments', async () => {
    llm.script(
      {
        toolCalls: [
          { id: 'c_env', name: 'everything__get-env', arguments: {} },
          { id: 'c_bad', name: 'web__get-sum', arguments: { a: 'x' } },
        ],
      },
      { text: 'ok' },
    );
    const n = llm.requests.length + 2;
    await client.chat('try');
    expect(await toolResultSeen(n, 'c_env')).toContain('a safety rule forbids calling everything__get-env');
    expect(await toolResultSeen(n, 'c_bad')).toMatch(/web__get-sum/);
  });

  it('cancels a running MCP call when the turn is aborted', async () => {
    llm.script({
      toolCalls: [
        {
          id: 'c_long',
          name: 'everything__trigger-long-running-operation',
          arguments: { duration: 3, steps: 30 },
        },
      ],
    });
    const from = client.frames.length;
    client.send({ type: 'message', content: 'long' });
    await client.waitFor((f) => f.type === 'tool_output' || f.type === 'tool_start', { from });
    client.send({ type: 'abort' });
    const end = await client.waitFor((f) => f.type === 'complete' || f.type === 'error', {
      from,
      timeoutMs: 10_000,
    });
    expect(end.type).toBeDefined();
    // The server is still usable after the cancelled call.
    llm.script(
      { toolCalls: [{ id: 'c_after', name: 'everything__echo', arguments: { message: 'still here' } }] },
      { text: 'ok' },
    );
    const n = llm.requests.length + 2;
    await client.chat('again');
    expect(await toolResultSeen(n, 'c_after')).toContain('still here');
  });

  it('shows progress notices live, not to the model', async () => {
    llm.script(
      {
        toolCalls: [
          {
            id: 'c_prog',
            name: 'everything__trigger-long-running-operation',
            arguments: { duration: 0.3, steps: 3 },
          },
        ],
      },
      { text: 'ok' },
    );
    const n = llm.requests.length + 2;
    const from = client.frames.length;
    await client.chat('progress');
    const live = client.ofType('tool_output', from).map((f) => String(f.text ?? f.content));
    expect(live.join('')).toContain('progress 1/3');
    expect(await toolResultSeen(n, 'c_prog')).toContain('Long running operation completed');
  });

  it('answers /mcp, /api/mcp and /healthz with the status', async () => {
    client.send({ type: 'command', command: '/mcp' });
    const reply = await client.waitFor(
      (f) => f.type === 'command_result' && String(f.content).includes('dead'),
    );
    expect(String(reply.content)).toMatch(/everything\s+connected\s+stdio/);
    expect(String(reply.content)).toContain('no config here');
    const api = (await (await fetch(`${server.url}/api/mcp`)).json()) as { servers: { name: string }[] };
    expect(api.servers.map((s: { name: string }) => s.name)).toEqual([
      'everything',
      'web',
      'old',
      'fs',
      'dead',
      'off',
    ]);
    const health = (await (await fetch(`${server.url}/healthz`)).json()) as {
      mcp: { name: string; state: string }[];
    };
    expect(health.mcp.find((s) => s.name === 'dead')?.state).toBe('failed');
  });

  it("lists a server's resources and prompts for the page's MCP tab", async () => {
    const api = (await (await fetch(`${server.url}/api/mcp`)).json()) as {
      servers: { name: string; offers?: string[] }[];
    };
    const offers = Object.fromEntries(api.servers.map((s) => [s.name, s.offers]));
    expect(offers.everything).toEqual(['resources', 'prompts']);
    expect(offers.fs).toBeUndefined();
    const list = async (path: string) => {
      const response = await fetch(`${server.url}/api/mcp/${path}`);
      const text = await response.text();
      return { status: response.status, body: (response.ok ? JSON.parse(text) : {}) as { text?: string } };
    };
    const prompts = await list('everything/prompts');
    expect(prompts.status).toBe(200);
    expect(prompts.body.text).toContain('simple-prompt()');
    expect((await list('everything/resources')).body.text).toMatch(/demo:\/\/resource\/static\/document\//);
    expect((await list('fs/prompts')).status).toBe(404);
    expect((await list('nope/resources')).status).toBe(404);
    expect((await list('everything/tools')).status).toBe(404);
  });

  it("aibox mcp list shows the running server's live status", async () => {
    // The CLI finds the running box through config.json's port (the box itself listens on a free one).
    const config = JSON.parse(readFileSync(join(home, 'config.json'), 'utf8'));
    config.server = { ...config.server, port: Number(new URL(server.url).port) };
    writeFileSync(join(home, 'config.json'), JSON.stringify(config));
    const list = await runCli(['--lang', 'en', 'mcp', 'list'], { home, env: testEnv(home) });
    expect(list.stdout).toMatch(/everything\s+connected\s+stdio\s+\d+ tools/);
    expect(list.stdout).toMatch(/dead\s+failed/);
    expect(list.stdout).toContain('no config here');
  });
});
