/**
 * Sessions of `/mcp` (Streamable HTTP with `Mcp-Session-Id`), against a running box: the SDK's
 * client gets a session at initialize and keeps its server (log level, subscriptions), hears of a
 * changed memory or skill on its GET stream, ends the session with DELETE; an unknown or ended
 * session is a 404; an idle session expires; the number of sessions is capped; a client that
 * sends requests without initializing is still answered, one server per request.
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  LoggingMessageNotificationSchema,
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Box, startBox } from '../server/harness.js';

const token = 'mcp-sessions-token';
const auth = { authorization: `Bearer ${token}` };
const boxes: Box[] = [];
const clients: Client[] = [];

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
  await Promise.all(boxes.map((box) => box.close()));
});

async function boxWith(mcp: Record<string, unknown>, watchSkills = false): Promise<Box> {
  const box = await startBox({
    config: { server: { token }, mcp, skills: { watch: watchSkills, install_examples: false } },
    watchSkills,
    // Subscribed resources read again five times a second, not every 2 s: the tests wait for changes.
    server: { mcpSubscriptionIntervalMs: 200 },
    seed: (home) => {
      mkdirSync(join(home, 'skills'));
      writeFileSync(join(home, 'skills', 'haiku.md'), '# Write a haiku\n\nThree lines.\n');
      const count = join(home, 'skills', 'count');
      writeFileSync(
        count,
        '#!/bin/sh\nif [ "$1" = "--help" ]; then echo "count: prints three lines"; exit 0; fi\necho "line 1"; echo "line 2"; echo "line 3"\n',
      );
      chmodSync(count, 0o755);
    },
  });
  boxes.push(box);
  return box;
}

async function sdkClient(box: Box): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const client = new Client({ name: 'test', version: '1' });
  const transport = new StreamableHTTPClientTransport(new URL(`${box.server.url}/mcp`), {
    requestInit: { headers: auth },
  });
  clients.push(client);
  await client.connect(transport);
  return { client, transport };
}

/** One JSON-RPC POST to /mcp, its body read to the end (an SSE answer as its text). */
async function post(box: Box, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${box.server.url}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
      ...auth,
      ...headers,
    },
    body: JSON.stringify(body),
  });
  return { response, text: await response.text() };
}

/** A session opened by hand (initialize, then initialized), with no GET stream. */
async function rawSession(box: Box): Promise<string> {
  const { response } = await post(box, {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  });
  expect(response.status).toBe(200);
  const id = response.headers.get('mcp-session-id');
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  const initialized = await post(
    box,
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { 'mcp-session-id': id as string },
  );
  expect(initialized.response.status).toBe(202);
  return id as string;
}

const ping = (box: Box, session: string) =>
  post(box, { jsonrpc: '2.0', id: 2, method: 'ping' }, { 'mcp-session-id': session });

describe('/mcp sessions', () => {
  let box: Box;
  beforeAll(async () => {
    box = await boxWith({}, true);
  });

  it('gives a session at initialize and tells a subscriber of a changed memory or skill', async () => {
    const { client, transport } = await sdkClient(box);
    expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(client.getServerCapabilities()?.resources?.subscribe).toBe(true);
    const updates: string[] = [];
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (note) => {
      updates.push(note.params.uri);
    });
    await client.subscribeResource({ uri: 'aibox://memories' });
    await client.subscribeResource({ uri: 'aibox://skills/haiku' });
    box.app.memory.save({ summary: 'likes jasmine tea' });
    await expect.poll(() => updates, { timeout: 15_000 }).toContain('aibox://memories');
    writeFileSync(join(box.home, 'skills', 'haiku.md'), '# Write a haiku\n\nThree lines, about tea.\n');
    await expect.poll(() => updates, { timeout: 15_000 }).toContain('aibox://skills/haiku');
    await client.unsubscribeResource({ uri: 'aibox://memories' });
    expect(updates.filter((uri) => uri === 'aibox://memories')).toHaveLength(1);
  });

  it('announces that the prompts and resources changed when a skill is added', async () => {
    const { client } = await sdkClient(box);
    expect(client.getServerCapabilities()).toMatchObject({
      prompts: { listChanged: true },
      resources: { listChanged: true, subscribe: true },
    });
    const changed: string[] = [];
    client.setNotificationHandler(PromptListChangedNotificationSchema, (note) => {
      changed.push(note.method);
    });
    client.setNotificationHandler(ResourceListChangedNotificationSchema, (note) => {
      changed.push(note.method);
    });
    writeFileSync(join(box.home, 'skills', 'limerick.md'), '# Write a limerick\n\nFive lines.\n');
    await expect
      .poll(() => [...new Set(changed)].sort(), { timeout: 15_000 })
      .toEqual(['notifications/prompts/list_changed', 'notifications/resources/list_changed']);
    expect((await client.listPrompts()).prompts.map((p) => p.name)).toContain('limerick');
  });

  it("keeps the session's log level, and sends progress of a call on its stream", async () => {
    const { client } = await sdkClient(box);
    const logs: string[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (note) => {
      logs.push(String(note.params.data));
    });
    const progress: string[] = [];
    const first = await client.callTool({ name: 'run_skill', arguments: { name: 'count' } }, undefined, {
      onprogress: (p) => progress.push(p.message ?? ''),
    });
    expect(first.isError).toBe(false);
    expect(logs.join('\n')).toContain('line 1');
    expect(progress.at(-1)).toContain('line 3');
    // The level holds for the session, not only for the request that set it.
    await client.setLoggingLevel('error');
    logs.length = 0;
    progress.length = 0;
    const second = await client.callTool({ name: 'run_skill', arguments: { name: 'count' } }, undefined, {
      onprogress: (p) => progress.push(p.message ?? ''),
    });
    expect(second.isError).toBe(false);
    expect(logs).toEqual([]);
    expect(progress.at(-1)).toContain('line 3');
  });

  it('ends a session on DELETE; an ended or unknown session is a 404', async () => {
    const { client, transport } = await sdkClient(box);
    const id = transport.sessionId as string;
    expect((await ping(box, id)).response.status).toBe(200);
    await transport.terminateSession();
    const gone = await ping(box, id);
    expect(gone.response.status).toBe(404);
    expect(JSON.parse(gone.text)).toMatchObject({
      error: { code: -32001, message: 'No such MCP session (it ended or expired): initialize again' },
    });
    // The client forgot it: its next request has none, and is answered without a session.
    expect(transport.sessionId).toBeUndefined();
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    const unknown = await ping(box, '00000000-0000-0000-0000-000000000000');
    expect(unknown.response.status).toBe(404);
    const get = await fetch(`${box.server.url}/mcp`, {
      headers: { accept: 'text/event-stream', 'mcp-session-id': id, ...auth },
    });
    expect(get.status).toBe(404);
    await get.body?.cancel();
  });

  it('checks the token on every request of a session, and answers GET and DELETE without one', async () => {
    const id = await rawSession(box);
    const denied = await post(
      box,
      { jsonrpc: '2.0', id: 3, method: 'ping' },
      { 'mcp-session-id': id, authorization: '' },
    );
    expect(denied.response.status).toBe(401);
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(`${box.server.url}/mcp`, {
        method,
        headers: { accept: 'text/event-stream', 'mcp-session-id': id },
      });
      expect(response.status).toBe(401);
      await response.body?.cancel();
    }
    const noSessionGet = await fetch(`${box.server.url}/mcp`, {
      headers: { accept: 'text/event-stream', ...auth },
    });
    expect(noSessionGet.status).toBe(405);
    await noSessionGet.body?.cancel();
    const noSessionDelete = await fetch(`${box.server.url}/mcp`, { method: 'DELETE', headers: auth });
    expect(noSessionDelete.status).toBe(400);
    expect(await noSessionDelete.text()).toContain('Mcp-Session-Id');
    // The session was not touched by the refused requests.
    expect((await ping(box, id)).response.status).toBe(200);
  });

  it('answers a client that sends requests without initializing, one server per request', async () => {
    const listed = await post(box, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(listed.response.status).toBe(200);
    expect(listed.response.headers.get('mcp-session-id')).toBeNull();
    expect(JSON.parse(listed.text).result.tools.map((tool: { name: string }) => tool.name)).toContain(
      'run_skill',
    );
    const called = await post(box, {
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'run_skill', arguments: { name: 'count' }, _meta: { progressToken: 'p1' } },
    });
    expect(called.response.headers.get('content-type')).toContain('text/event-stream');
    expect(called.text).toContain('notifications/progress');
    expect(called.text).toContain('line 3');
  });
});

describe('/mcp session limits', () => {
  it('ends a session idle too long, not one with its stream open', async () => {
    const box = await boxWith({ serve_session_idle_s: 1 });
    const { client } = await sdkClient(box);
    const idle = await rawSession(box);
    // Asked twice a second at most, so the asking itself does not keep it alive.
    await expect
      .poll(async () => (await ping(box, idle)).response.status, { interval: 1500, timeout: 15_000 })
      .toBe(404);
    // Longer than the idle time has passed: the SDK client's session, its GET stream open, lasts.
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    await client.close();
  });

  it('makes room by ending the session unused longest, and refuses when every one is in use', async () => {
    const box = await boxWith({ serve_max_sessions: 2 });
    const first = await rawSession(box);
    const second = await rawSession(box);
    // Full: the third ends the first (unused longest, nothing open).
    const third = await rawSession(box);
    expect((await ping(box, first)).response.status).toBe(404);
    expect((await ping(box, second)).response.status).toBe(200);
    // Both kept ones with their GET stream open: a new one is refused.
    const streams = await Promise.all(
      [second, third].map((id) =>
        fetch(`${box.server.url}/mcp`, {
          headers: {
            accept: 'text/event-stream',
            'mcp-session-id': id,
            'mcp-protocol-version': '2025-11-25',
            ...auth,
          },
        }),
      ),
    );
    expect(streams.map((s) => s.status)).toEqual([200, 200]);
    const refused = await post(box, {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    });
    expect(refused.response.status).toBe(503);
    expect(refused.response.headers.get('retry-after')).toBe('30');
    expect(JSON.parse(refused.text).error.message).toContain('mcp.serve_max_sessions = 2');
    expect((await ping(box, second)).response.status).toBe(200);
    // A stream closed, its session may go for a new one.
    await streams[0]?.body?.cancel();
    await expect.poll(async () => (await rawSession(box).catch(() => undefined)) !== undefined).toBe(true);
    await streams[1]?.body?.cancel();
  });

  it('ends its sessions, their streams too, when the server closes', async () => {
    const box = await boxWith({});
    const id = await rawSession(box);
    const stream = await fetch(`${box.server.url}/mcp`, {
      headers: {
        accept: 'text/event-stream',
        'mcp-session-id': id,
        'mcp-protocol-version': '2025-11-25',
        ...auth,
      },
    });
    expect(stream.status).toBe(200);
    const closed = box.server.close();
    // The stream ends (the session closed it), before the port's last connections are cut.
    await expect(stream.text()).resolves.toBe('');
    await closed;
  });
});
