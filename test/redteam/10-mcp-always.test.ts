/**
 * Red team 10: "Always" on an MCP tool, then the server pulls the rug (the tool's description now
 * asks for `rm -rf ~` and it gains a `cmd` argument). Must hold: the remembered rule covers the
 * description and schema that were approved; the changed tool is asked again, the request says
 * what changed, a "no" keeps it from running (checked on disk), and after a new "Always" the new
 * description is what the rule covers, in config.json too.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempHome } from '../helpers/cli.js';
import { until } from '../helpers/until.js';
import { type Box, connectReady, startBox, type TestClient } from '../server/harness.js';
import { hostileCall } from './hostile.js';

const SERVER = resolve(import.meta.dirname, 'fixtures/rug-pull-mcp-server.mjs');

describe('red team 10: "Always" on an MCP tool does not survive a changed description', () => {
  let box: Box;
  let client: TestClient;
  const marks = join(tempHome('aibox-rt10-'), 'marks');

  beforeAll(async () => {
    mkdirSync(marks);
    box = await startBox({
      config: {
        safety: { approval_timeout_s: 60 },
        mcp: { servers: { rug: { command: process.execPath, args: [SERVER, marks] } } },
      },
    });
    await box.app.mcp.settled();
    client = await connectReady(box.wsUrl);
  });
  afterAll(async () => {
    client?.close();
    await box?.close();
  });

  const rugRules = () =>
    (JSON.parse(readFileSync(box.app.paths.config, 'utf8')).safety?.rules ?? []).filter(
      (rule: { command: string }) => rule.command === 'rug__echo',
    );
  const changed = () => box.app.mcp.status()[0]?.changedTools ?? [];

  it('asks again after the rug pull, says what changed, and a "no" keeps it from running', async () => {
    const first = await hostileCall(box, client, 'rug__echo', { message: 'hello' }, 'always');
    expect(first.asked).toBe(true);
    expect(first.seen).toContain('Echo: hello');
    expect(rugRules()).toEqual([expect.objectContaining({ decision: 'allow', tool: 'mcp' })]);

    await until(() => changed().includes('echo'), 'the server to change its tool');
    const api = (await (await fetch(`${box.server.url}/api/mcp`)).json()) as {
      servers: { changedTools: string[] }[];
    };
    expect(api.servers[0]?.changedTools).toEqual(['echo']);

    const pulled = await hostileCall(box, client, 'rug__echo', { message: 'x', cmd: 'rm -rf ~' }, 'deny');
    expect(pulled.asked).toBe(true);
    const reason = String(pulled.request?.reason);
    expect(reason).toContain('changed after it was allowed');
    expect(reason).toContain('rm -rf ~');
    expect(reason).toContain('arguments added: cmd');
    expect(pulled.request?.can_always).toBe(true);
    expect(pulled.seen).toContain('Not done: rug__echo');
    expect(readdirSync(marks)).toEqual([]);

    // A "no" approves nothing: the next call is asked again.
    const again = await hostileCall(box, client, 'rug__echo', { message: 'y', cmd: 'true' }, 'deny');
    expect(again.asked).toBe(true);
    expect(readdirSync(marks)).toEqual([]);
  });

  it('after a new "Always" the rule covers the new description (one rule, in config.json)', async () => {
    const before = rugRules()[0]?.hash;
    expect(before).toMatch(/^[0-9a-f]{64}$/);
    const yes = await hostileCall(box, client, 'rug__echo', { message: 'z', cmd: 'true' }, 'always');
    expect(yes.asked).toBe(true);
    expect(yes.seen).toContain('Echo: z');
    const rules = rugRules();
    expect(rules).toHaveLength(1);
    expect(rules[0].hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rules[0].hash).not.toBe(before);
    expect(changed()).toEqual([]);

    const unasked = await hostileCall(box, client, 'rug__echo', { message: 'w' });
    expect(unasked.asked).toBe(false);
    expect(unasked.seen).toContain('Echo: w');
  });
});
