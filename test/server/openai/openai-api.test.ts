/**
 * The OpenAI-compatible endpoint with the official `openai` SDK as the client: streaming and
 * not, a bad token, unknown models, two concurrent requests to one session queued, and a
 * request closed mid-turn aborting that turn. WebSocket clients of the session see the turns.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorCode } from '../../../src/error-codes.js';
import { AppError } from '../../../src/errors.js';
import { createOpenAiRoutes } from '../../../src/server/openai/openai-routes.js';
import { type Box, connectReady, startBox, type TestClient } from '../harness.js';

const TOKEN = 'openai-endpoint-test-token';
let box: Box;
let client: OpenAI;
let ws: TestClient;

beforeAll(async () => {
  box = await startBox({ config: { server: { openai_api: true, token: TOKEN } } });
  client = new OpenAI({ apiKey: TOKEN, baseURL: `${box.server.url}/v1`, maxRetries: 0 });
  ws = await connectReady(box.wsUrl, { headers: { authorization: `Bearer ${TOKEN}` } });
});
afterAll(async () => {
  ws?.close();
  await box?.close();
});

describe('OpenAI-compatible endpoint', () => {
  it('answers a non-streaming request as a turn of session main, seen by its WebSocket clients', async () => {
    box.llm.script({ text: '你好，来自 Aibox' });
    const from = ws.frames.length;
    const reply = await client.chat.completions.create({
      model: 'aibox:main',
      messages: [
        { role: 'system', content: 'ignored: the box has its own prompts' },
        { role: 'user', content: '打个招呼' },
      ],
    });
    expect(reply.object).toBe('chat.completion');
    expect(reply.choices[0]?.message.content).toBe('你好，来自 Aibox');
    const seen = await ws.waitFor((f) => f.type === 'complete', { from });
    expect(seen.content).toBe('你好，来自 Aibox');
    expect(ws.frames.slice(from).some((f) => f.type === 'turn_start' && f.content === '打个招呼')).toBe(true);
  });

  it('streams the reply; tool activity comes in the aibox field, not as content', async () => {
    box.llm.script(
      { toolCalls: [{ id: 'c1', name: 'get_current_time', arguments: {} }] },
      { text: 'It is now.', chunkChars: 3 },
    );
    const stream = await client.chat.completions.create({
      model: 'aibox:streamer',
      messages: [{ role: 'user', content: 'time?' }],
      stream: true,
    });
    let text = '';
    const activity: string[] = [];
    let finish: string | null = null;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
      const aibox = (chunk as unknown as { aibox?: { event: string; name: string } }).aibox;
      if (aibox) activity.push(`${aibox.event}:${aibox.name}`);
    }
    expect(text).toBe('It is now.');
    expect(finish).toBe('stop');
    expect(activity).toEqual(['tool_start:get_current_time', 'tool_end:get_current_time']);
    const models = await client.models.list();
    expect(models.data.map((m) => m.id)).toEqual(expect.arrayContaining(['aibox', 'aibox:streamer']));
  });

  it("asks the session's WebSocket clients before a risky command; a deny reaches the model", async () => {
    const victim = mkdtempSync(join('/var/tmp', 'aibox-openai-victim-'));
    box.llm.script(
      { toolCalls: [{ id: 'rm1', name: 'run_command', arguments: { command: `rm -rf ${victim}` } }] },
      { text: 'could not delete it' },
    );
    const n = box.llm.requests.length + 2;
    const from = ws.frames.length;
    const reply = client.chat.completions.create({
      model: 'aibox:main',
      messages: [{ role: 'user', content: 'delete that folder' }],
    });
    const request = await ws.waitType('approval_request', { from });
    expect(String(request.command)).toContain(victim);
    ws.send({ type: 'approval', approval_id: request.approval_id, decision: 'deny' });
    expect((await reply).choices[0]?.message.content).toBe('could not delete it');
    expect(existsSync(victim)).toBe(true);
    const seen = await box.llm.waitForRequest(n);
    const told = (seen.body.messages as { role: string; content: string }[]).filter((m) => m.role === 'tool');
    expect(told.at(-1)?.content).toMatch(/denied|not allowed|refused/i);
    rmSync(victim, { recursive: true, force: true });
  });

  it('refuses a bad token, an unknown model and a request without a user message, in the OpenAI error shape', async () => {
    const wrong = new OpenAI({ apiKey: 'nope', baseURL: `${box.server.url}/v1`, maxRetries: 0 });
    await expect(
      wrong.chat.completions.create({ model: 'aibox', messages: [{ role: 'user', content: 'x' }] }),
    ).rejects.toMatchObject({
      status: 401,
      code: 'invalid_api_key',
    });
    await expect(
      client.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'x' }] }),
    ).rejects.toMatchObject({
      status: 404,
      code: 'model_not_found',
    });
    await expect(
      client.chat.completions.create({ model: 'aibox', messages: [{ role: 'system', content: 'x' }] }),
    ).rejects.toMatchObject({
      status: 400,
      code: 'no_user_message',
    });
  });

  it('answers a known path asked with the wrong method 405 with Allow, an unknown path 404', async () => {
    const auth = { authorization: `Bearer ${TOKEN}` };
    const get = await fetch(`${box.server.url}/v1/chat/completions`, { headers: auth });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect(await get.json()).toMatchObject({
      error: { code: 'method_not_allowed', type: 'invalid_request_error' },
    });
    const post = await fetch(`${box.server.url}/v1/models`, { method: 'POST', headers: auth });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    const head = await fetch(`${box.server.url}/v1/models/aibox`, { method: 'HEAD', headers: auth });
    expect(head.status).toBe(200);
    const unknown = await fetch(`${box.server.url}/v1/nothing`, { headers: auth });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('queues two concurrent requests to one session, one turn after the other', async () => {
    box.llm.script({ text: 'first answer', delayMs: 100 }, { text: 'second answer' });
    const n = box.llm.requests.length;
    const ask = (content: string) =>
      client.chat.completions.create({ model: 'aibox:pair', messages: [{ role: 'user', content }] });
    const [a, b] = await Promise.all([ask('one'), ask('two')]);
    expect(a.choices[0]?.message.content).toBe('first answer');
    expect(b.choices[0]?.message.content).toBe('second answer');
    // The second turn's model request carries the first turn's exchange: it ran after it, in the same session.
    const second = await box.llm.waitForRequest(n + 2);
    const contents = second.body.messages.map((m: { content: string }) => m.content);
    expect(contents).toEqual(expect.arrayContaining(['one', 'first answer', 'two']));
  });

  it('aborts the turn when the client closes the request', async () => {
    box.llm.script({ stall: 'mid-stream' });
    const n = box.llm.requests.length + 1;
    const controller = new AbortController();
    const stream = await client.chat.completions.create(
      { model: 'aibox:gone', messages: [{ role: 'user', content: 'long' }], stream: true },
      { signal: controller.signal },
    );
    const reading = (async () => {
      for await (const chunk of stream) if (chunk.choices[0]?.delta.content) controller.abort();
    })();
    await reading.catch(() => undefined);
    expect(controller.signal.aborted).toBe(true);
    // The model request of that turn is abandoned: the turn was aborted, not left running.
    await box.llm.waitForClosed(n);
    box.llm.script({ text: 'back' });
    const after = await client.chat.completions.create({
      model: 'aibox:gone',
      messages: [{ role: 'user', content: 'x' }],
    });
    expect(after.choices[0]?.message.content).toBe('back');
  });
});

describe('OpenAI-compatible endpoint, failures in the log', () => {
  it("logs the box's own failures (5xx) with the path only, and not a client's mistakes (4xx)", async () => {
    // The endpoint's own routes and error handling, plus one route that fails the way a route can.
    const routes = createOpenAiRoutes(box.app);
    routes.post('/fail/:code', async (c) => {
      await c.req.text();
      throw new AppError(c.req.param('code') as ErrorCode, `failed with ${c.req.param('code')}`);
    });
    const fail = (code: ErrorCode) =>
      routes.request(`/fail/${code}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}` },
        body: JSON.stringify({ messages: [{ role: 'user', content: 'private words of the user' }] }),
      });
    const serverFault = await fail('mcp_not_connected');
    expect(serverFault.status).toBe(503);
    expect(await serverFault.json()).toMatchObject({
      error: { code: 'mcp_not_connected', type: 'server_error' },
    });
    expect((await fail('queue_full')).status).toBe(429);

    const lines = readFileSync(box.app.paths.log, 'utf8')
      .split('\n')
      .filter((line) => line.includes('openai api request failed'));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({
      level: 50,
      path: '/fail/mcp_not_connected',
      err: { type: 'AppError', code: 'mcp_not_connected', message: 'failed with mcp_not_connected' },
    });
    expect(lines[0]).not.toContain(TOKEN);
    expect(lines[0]).not.toContain('private words');
  });
});

describe('OpenAI-compatible endpoint, off', () => {
  it('is not served unless server.openai_api is true', async () => {
    const off = await startBox({ config: { server: { token: TOKEN } } });
    try {
      const response = await fetch(`${off.server.url}/v1/models`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.status).toBe(404);
    } finally {
      await off.close();
    }
  });
});

describe('OpenAI-compatible endpoint, no room for another session', () => {
  it('refuses a new session with 429 too_many_sessions in the OpenAI error shape', async () => {
    const full = await startBox({ config: { server: { openai_api: true, token: TOKEN, max_sessions: 1 } } });
    const held = await connectReady(full.wsUrl, { headers: { authorization: `Bearer ${TOKEN}` } });
    try {
      const sdk = new OpenAI({ apiKey: TOKEN, baseURL: `${full.server.url}/v1`, maxRetries: 0 });
      await expect(
        sdk.chat.completions.create({
          model: 'aibox:one-too-many',
          messages: [{ role: 'user', content: 'x' }],
        }),
      ).rejects.toMatchObject({ status: 429, code: 'too_many_sessions', type: 'rate_limit_error' });
      expect(full.app.sessions.ids()).not.toContain('one-too-many');
    } finally {
      held.close();
      await full.close();
    }
  });
});
