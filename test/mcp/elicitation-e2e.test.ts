/**
 * Elicitation end to end: the model (fake LLM) calls a tool of a stdio MCP server on the SDK's
 * McpServer that calls `elicitInput`; the form reaches the person watching over the WebSocket as
 * an `elicitation_request` (which server asks, the fields from the schema), and what they send
 * goes back to the server, checked against the schema first (the SDK's server checks it again).
 * Wrong values are refused with `invalid_values` and nothing is decided; decline, cancel, no answer
 * in time (declined), nobody to ask (declined). Hostile servers: 1,000 requests at once and 1,000
 * in a row during one call (the person sees ten), a 200 KB schema, a nested field.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Box, connect, connectReady, startBox, type TestClient } from '../server/harness.js';

const ELICIT_SERVER = join(import.meta.dirname, 'fixtures/elicit-mcp-server.mjs');
let box: Box;
let client: TestClient;

beforeAll(async () => {
  box = await startBox({
    config: {
      safety: { rules: [{ tool: 'mcp', command: '*', decision: 'allow' }] },
      mcp: { servers: { elicit: { command: process.execPath, args: [ELICIT_SERVER] } } },
    },
  });
  await box.app.mcp.settled();
  client = await connectReady(box.wsUrl);
});

afterAll(async () => {
  client?.close();
  await box?.close();
});

/** The model calls `tool` once; resolves with the tool result it gets back. */
function callTool(tool: string, args: Record<string, unknown> = {}, via: TestClient = client) {
  box.llm.script(
    { toolCalls: [{ id: `c-${tool}`, name: `elicit__${tool}`, arguments: args }] },
    { text: 'ok' },
  );
  const n = box.llm.requests.length + 2;
  via.send({ type: 'message', content: `call ${tool}` });
  return box.llm.waitForRequest(n).then((request) => {
    const messages = request.body.messages as { role: string; content: string }[];
    return String(messages.filter((m) => m.role === 'tool').at(-1)?.content);
  });
}

describe('elicitation: a form for the person', () => {
  it('sends the form with its server and fields; refuses wrong values; accepts right ones', async () => {
    const from = client.frames.length;
    const result = callTool('profile');
    const request = await client.waitType('elicitation_request', { from });
    expect(request).toMatchObject({ server: 'elicit', message: 'Tell me about you', session: 'main' });
    const fields = request.fields as { name: string; type: string; required: boolean }[];
    expect(fields.map((f) => [f.name, f.type, f.required])).toEqual([
      ['name', 'string', true],
      ['email', 'string', false],
      ['age', 'integer', true],
      ['newsletter', 'boolean', false],
      ['plan', 'choice', false],
      ['topics', 'choices', false],
    ]);
    expect(fields[0]).toMatchObject({ title: 'Your name', minLength: 2, maxLength: 40 });
    expect(fields[4]).toMatchObject({
      options: [
        { value: 'free', label: 'Free' },
        { value: 'pro', label: 'Pro' },
      ],
    });
    const id = request.elicitation_id;

    // Wrong types, out of range, not a choice, unknown names: refused, nothing decided.
    const bad = client.frames.length;
    client.send({
      type: 'elicitation',
      elicitation_id: id,
      action: 'accept',
      content: { name: 'A', email: 'nope', age: 200.5, plan: 'gold', topics: ['mcp', 'ai', 'web'], extra: 1 },
    });
    const refused = await client.waitFor((f) => f.type === 'error' && f.elicitation_id === id, { from: bad });
    expect(refused.code).toBe('invalid_values');
    expect(refused.fields).toEqual(
      expect.arrayContaining([
        { field: 'extra', problem: 'unknown' },
        { field: 'name', problem: 'too_short' },
        { field: 'email', problem: 'format' },
        { field: 'age', problem: 'not_integer' },
        { field: 'plan', problem: 'not_allowed' },
        { field: 'topics', problem: 'too_many' },
      ]),
    );
    const typed = client.frames.length;
    client.send({
      type: 'elicitation',
      elicitation_id: id,
      action: 'accept',
      content: { name: 7, age: '30' },
    });
    const refusedTypes = await client.waitFor((f) => f.type === 'error' && f.elicitation_id === id, {
      from: typed,
    });
    expect(refusedTypes.fields).toEqual([
      { field: 'name', problem: 'type' },
      { field: 'age', problem: 'type' },
    ]);

    client.send({
      type: 'elicitation',
      elicitation_id: id,
      action: 'accept',
      content: { name: 'Ada', email: 'ada@example.com', age: 36, topics: ['mcp'] },
    });
    const resolved = await client.waitType('elicitation_resolved', { from });
    expect(resolved).toMatchObject({ elicitation_id: id, action: 'accept' });
    // Defaults fill what was left out (SEP-1034).
    expect(JSON.parse(await result)).toEqual({
      action: 'accept',
      content: {
        name: 'Ada',
        email: 'ada@example.com',
        age: 36,
        newsletter: false,
        plan: 'free',
        topics: ['mcp'],
      },
    });
    await client.waitFor((f) => f.type === 'complete', { from });
    // Too late now.
    const late = client.frames.length;
    client.send({ type: 'elicitation', elicitation_id: id, action: 'decline' });
    expect((await client.waitType('error', { from: late })).code).toBe('already_decided');
  });

  it('declines and cancels as the person says', async () => {
    for (const action of ['decline', 'cancel'] as const) {
      const from = client.frames.length;
      const result = callTool('needs_name');
      const request = await client.waitType('elicitation_request', { from });
      client.send({ type: 'elicitation', elicitation_id: request.elicitation_id, action });
      expect(JSON.parse(await result)).toEqual({ action });
      expect(await client.waitType('elicitation_resolved', { from })).toMatchObject({ action });
      await client.waitFor((f) => f.type === 'complete', { from });
    }
  });

  it('declines when nobody answers within mcp.elicitation_timeout_s, or nobody can be asked', async () => {
    const saved = box.app.config.mcp.elicitation_timeout_s;
    box.app.config.mcp.elicitation_timeout_s = 1;
    try {
      const from = client.frames.length;
      const result = callTool('needs_name');
      expect(await client.waitType('elicitation_resolved', { from })).toMatchObject({ action: 'timeout' });
      expect(JSON.parse(await result)).toEqual({ action: 'decline' });
      await client.waitFor((f) => f.type === 'complete', { from });
    } finally {
      box.app.config.mcp.elicitation_timeout_s = saved;
    }
    // An original client (no aibox.v1) cannot answer: nobody to ask.
    const legacy = await connect(`${box.wsUrl}/?session=nobody`, { protocols: [] });
    try {
      expect(JSON.parse(await callTool('needs_name', {}, legacy))).toEqual({ action: 'decline' });
    } finally {
      legacy.close();
    }
  });

  it('shows the person ten forms of a server sending 1,000 at once and 1,000 in a row', async () => {
    const from = client.frames.length;
    let shown = 0;
    const result = callTool('flood', { count: 1000 });
    // Decline each form as it comes, until the turn ends.
    let at = from;
    for (;;) {
      // Between two forms the box refuses hundreds of requests: on a loaded machine that outlasts
      // the client's default 10 s wait, which is a bound, not a time this test asserts.
      const frame = await client.waitFor((f) => f.type === 'elicitation_request' || f.type === 'tool_end', {
        from: at,
        timeoutMs: 60_000,
      });
      at = client.frames.indexOf(frame) + 1;
      if (frame.type === 'tool_end') break;
      shown++;
      client.send({ type: 'elicitation', elicitation_id: frame.elicitation_id, action: 'decline' });
    }
    expect(JSON.parse(await result)).toEqual({ decline: 2000 });
    expect(shown).toBe(10);
  }, 120_000);

  it('refuses a 200 KB schema and a nested field without asking anyone', async () => {
    const from = client.frames.length;
    expect(JSON.parse(await callTool('huge'))).toEqual({ action: 'decline' });
    // A nested field is refused by the SDK's own request check before the box sees it.
    expect(await callTool('nested')).toMatch(/^MCP error -326\d\d/);
    expect(client.frames.slice(from).some((f) => f.type === 'elicitation_request')).toBe(false);
  });
});
