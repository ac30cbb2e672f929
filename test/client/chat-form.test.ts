/**
 * `aibox chat` fills in a form an MCP server asks for (elicitation), field by field: a value that
 * does not fit is asked again with the reason, an empty line keeps the default or leaves an
 * optional field out, choices by number or label; `!decline` declines. The server (the SDK's
 * McpServer calling elicitInput) gets the values.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_PATH, watchOutput } from '../helpers/cli.js';
import { type Box, startBox } from '../server/harness.js';

const ELICIT_SERVER = join(import.meta.dirname, '../mcp/fixtures/elicit-mcp-server.mjs');

describe('aibox chat and forms', () => {
  let box: Box;
  beforeAll(async () => {
    box = await startBox({
      config: {
        safety: { rules: [{ tool: 'mcp', command: '*', decision: 'allow' }] },
        mcp: { servers: { elicit: { command: process.execPath, args: [ELICIT_SERVER] } } },
      },
    });
    await box.app.mcp.settled();
  });
  afterAll(async () => {
    await box?.close();
  });

  const toolResult = (n: number) =>
    box.llm.waitForRequest(n).then((request) => {
      const messages = request.body.messages as { role: string; content: string }[];
      return JSON.parse(String(messages.filter((m) => m.role === 'tool').at(-1)?.content));
    });

  it('asks field by field, again when a value does not fit; !decline declines', async () => {
    box.llm.script(
      { toolCalls: [{ id: 'p1', name: 'elicit__profile', arguments: {} }] },
      { text: 'profile done' },
      { toolCalls: [{ id: 'p2', name: 'elicit__needs_name', arguments: {} }] },
      { text: 'name done' },
    );
    const n = box.llm.requests.length + 2;
    const child = spawn(process.execPath, [CLI_PATH, 'chat', box.wsUrl], {
      env: { ...process.env, AIBOX_LANG: 'en', AIBOX_HOME: box.home },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const { seen, exited, text } = watchOutput(child);
    await seen('Connected to AI server');
    child.stdin.write('profile please\n');
    await seen('The MCP server "elicit" asks you to fill in:');
    expect(text()).toContain('Tell me about you');
    await seen('Your name (text, 2–40 characters, required)');
    child.stdin.write('A\n');
    await seen('too short; please try again');
    child.stdin.write('Ada\n');
    await seen('email (email, optional)');
    expect(text()).toContain('Where to write');
    child.stdin.write('\n');
    await seen('age (whole number, 0–150, required)');
    child.stdin.write('200\n');
    await seen('too large; please try again');
    child.stdin.write('36\n');
    await seen('newsletter (yes/no, optional, default no)');
    child.stdin.write('y\n');
    await seen('plan (pick one, optional, default Free)');
    expect(text()).toContain('2) Pro');
    child.stdin.write('2\n');
    await seen('topics (pick any, separated by commas, ≤ 2, optional)');
    child.stdin.write('web, 1\n');
    await seen('form: ✅ sent');
    expect(await toolResult(n)).toEqual({
      action: 'accept',
      content: { name: 'Ada', age: 36, newsletter: true, plan: 'pro', topics: ['web', 'mcp'] },
    });
    await seen('AI: profile done');

    child.stdin.write('name please\n');
    await seen('name (text, required)');
    child.stdin.write('!decline\n');
    await seen('form: ❌ declined');
    expect(await toolResult(n + 2)).toEqual({ action: 'decline' });
    await seen('AI: name done');
    child.stdin.end();
    expect(await exited).toBe(0);
  }, 60_000);
});
