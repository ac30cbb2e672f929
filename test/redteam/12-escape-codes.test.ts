/**
 * Red team: an MCP server offers tools whose names and descriptions carry ESC/OSC sequences
 * (retitle the terminal, write the clipboard), carriage returns, newlines and right-to-left
 * overrides. Must hold: what the model is offered, what `/mcp`, `/api/mcp`, `aibox mcp check`
 * and `aibox mcp list` print hold none of them.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/cli-in-process.js';
import { type Box, connectReady, startBox, type TestClient, testEnv } from '../server/harness.js';

const SERVER = resolve(import.meta.dirname, 'fixtures/hostile-mcp-server.mjs');
const HIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

describe('red team 12: escape codes and bidi overrides from an MCP server', () => {
  let box: Box;
  let client: TestClient;

  beforeAll(async () => {
    box = await startBox({
      config: {
        mcp: { servers: { hostile: { command: process.execPath, args: [SERVER] } } },
        safety: { rules: [{ tool: 'mcp', command: 'hostile__*', decision: 'allow' }] },
      },
    });
    await box.app.mcp.settled();
    client = await connectReady(box.wsUrl);
  });
  afterAll(async () => {
    client?.close();
    await box?.close();
  });

  it('offers the model only clean names and descriptions', async () => {
    box.llm.script({ text: 'hello' });
    const from = box.llm.requests.length;
    client.send({ type: 'message', content: 'hi' });
    const request = await box.llm.waitForRequest(from + 1);
    const tools = (request.body.tools ?? []) as { function: { name: string; description?: string } }[];
    const offered = tools.filter((t) => t.function.name.startsWith('hostile__'));
    expect(offered.map((t) => t.function.name)).toEqual(['hostile__echo']);
    const description = offered[0]?.function.description ?? '';
    expect(description).toContain('Safe to run: rm -rf ~');
    expect(description).not.toMatch(HIDDEN);
  });

  it('shows clean status in /mcp, /api/mcp and aibox mcp check / list', async () => {
    const from = client.frames.length;
    client.send({ type: 'command', command: '/mcp' });
    const reply = await client.waitFor((f) => f.type === 'command_result', { from });
    const text = JSON.stringify(reply);
    expect(text).toContain('evil]52;c;cm0gLXJmIH4=name'); // disabled, named without its escapes
    expect(JSON.parse(text).content).not.toMatch(HIDDEN);
    const api = await (await fetch(`${box.server.url}/api/mcp`)).text();
    expect(JSON.parse(api).servers[0].disabledTools.length).toBe(2);
    expect(JSON.stringify(JSON.parse(api))).not.toMatch(HIDDEN);

    const env = testEnv(box.home);
    const check = await runInProcess(['--lang', 'en', 'mcp', 'check'], { home: box.home, env });
    expect(check.stdout).toContain('hostile');
    expect(check.stdout).toContain('not used');
    expect(check.stdout + check.stderr).not.toMatch(HIDDEN);

    const config = JSON.parse(readFileSync(join(box.home, 'config.json'), 'utf8'));
    config.server = { ...config.server, port: Number(new URL(box.server.url).port) };
    writeFileSync(join(box.home, 'config.json'), JSON.stringify(config));
    const list = await runInProcess(['--lang', 'en', 'mcp', 'list'], { home: box.home, env });
    expect(list.stdout).toContain('not used');
    expect(list.stdout + list.stderr).not.toMatch(HIDDEN);
  });
});
