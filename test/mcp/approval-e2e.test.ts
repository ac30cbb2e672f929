/**
 * MCP tools through the real approval broker, end to end: the model (fake LLM) calls a tool of
 * server-everything (stdio, in the sandbox when there is one); with no rule the person watching
 * over the WebSocket is asked; "Always" saves a rule for that tool and the next call is not asked;
 * a call nobody can answer (no aibox.v1 client on the session) is refused.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Box, connect, connectReady, startBox, type TestClient } from '../server/harness.js';
import { everythingStdio } from './servers.js';

let box: Box;
let client: TestClient;

beforeAll(async () => {
  box = await startBox({
    config: { safety: { approval_timeout_s: 60 }, mcp: { servers: { everything: everythingStdio() } } },
  });
  await box.app.mcp.settled();
  client = await connectReady(box.wsUrl);
});

afterAll(async () => {
  client?.close();
  await box?.close();
});

function lastToolResult(n: number): Promise<string> {
  return box.llm.waitForRequest(n).then((request) => {
    const messages = request.body.messages as { role: string; content: string }[];
    return String(messages.filter((m) => m.role === 'tool').at(-1)?.content);
  });
}

describe('MCP tools and approvals', () => {
  it('asks the person watching; "Always" saves a rule for that tool and the next call runs unasked', async () => {
    box.llm.script(
      { toolCalls: [{ id: 'e1', name: 'everything__echo', arguments: { message: '你好 first' } }] },
      { text: 'one' },
    );
    const n = box.llm.requests.length + 2;
    const from = client.frames.length;
    client.send({ type: 'message', content: 'echo please' });
    const request = await client.waitType('approval_request', { from });
    expect(request.tool).toBe('everything__echo');
    expect(request.can_always).toBe(true);
    client.send({ type: 'approval', approval_id: request.approval_id, decision: 'always' });
    expect(await lastToolResult(n)).toContain('你好 first');
    await client.waitFor((f) => f.type === 'complete', { from });

    const saved = JSON.parse(readFileSync(box.app.paths.config, 'utf8'));
    expect(saved.safety.rules).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ tool: 'mcp', command: 'everything__echo', decision: 'allow' }),
      ]),
    );

    box.llm.script(
      { toolCalls: [{ id: 'e2', name: 'everything__echo', arguments: { message: 'second' } }] },
      { text: 'two' },
    );
    const m = box.llm.requests.length + 2;
    const from2 = client.frames.length;
    const end = await client.chat('again');
    expect(end.type).toBe('complete');
    expect(await lastToolResult(m)).toContain('second');
    expect(client.frames.slice(from2).some((f) => f.type === 'approval_request')).toBe(false);
  });

  it('refuses a call nobody can answer, and the model is told', async () => {
    box.llm.script(
      { toolCalls: [{ id: 'g1', name: 'everything__get-sum', arguments: { a: 2, b: 3 } }] },
      { text: 'done' },
    );
    const n = box.llm.requests.length + 2;
    // An original client (no aibox.v1 subprotocol) cannot answer approval requests.
    const legacy = await connect(`${box.wsUrl}/?session=nobody`, { protocols: [] });
    try {
      legacy.send({ type: 'message', content: 'sum' });
      const result = await lastToolResult(n);
      expect(result).not.toMatch(/\b5\b/);
      expect(result).toContain('Not done: everything__get-sum');
      expect(result).toContain('Nobody can approve right now');
    } finally {
      legacy.close();
    }
  });
});
