/**
 * End to end over the real WebSocket: the (fake) model asks run_command for
 * `rm -rf DIR` on a directory outside the workspace. Needs the command policy
 * (branch safety-policy) that makes run_command ask for it.
 */
import { existsSync, mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as harness from './approval-box.js';

const { askAndWaitForRequest, connectReady, scriptToolThenText, startApprovalBox, toolResultSeen, turnEnd } =
  harness;

/**
 * A directory with a file in it, outside the workspace and outside /tmp (the sandbox gives commands a
 * private /tmp, so deleting there touches nothing of the host and is not asked).
 */
function victim(): string {
  const dir = join(realpathSync(mkdtempSync('/var/tmp/aibox-outside-')), 'precious');
  mkdirSync(dir);
  writeFileSync(join(dir, 'data.txt'), 'keep me');
  return dir;
}

const rmRf = (dir: string) => ({ name: 'run_command', arguments: { command: `rm -rf ${dir}` } });

describe('approvals end to end: rm -rf outside the workspace', () => {
  let box: harness.Box;
  let client: harness.TestClient;
  beforeAll(async () => {
    box = await startApprovalBox(60);
    client = await connectReady(box.wsUrl);
  });
  afterAll(async () => {
    client?.close();
    await box?.close();
  });

  it('deny: the directory is still there and the model is told', async () => {
    const dir = victim();
    scriptToolThenText(box, rmRf(dir));
    const requests = box.llm.requests.length;
    const request = await askAndWaitForRequest(client, 'clean up');
    expect(request).toMatchObject({ tool: 'run_command' });
    expect(String(request.command)).toContain(`rm -rf ${dir}`);
    client.send({ type: 'approval', approval_id: request.approval_id, decision: 'deny' });
    await turnEnd(client, request.turn_id);
    expect(existsSync(join(dir, 'data.txt'))).toBe(true);
    expect(await toolResultSeen(box, requests + 2)).toMatch(/refused/i);
  });

  it('allow: it runs and the directory is gone', async () => {
    const dir = victim();
    scriptToolThenText(box, rmRf(dir));
    const request = await askAndWaitForRequest(client, 'clean up');
    client.send({ type: 'approval', approval_id: request.approval_id, decision: 'allow' });
    await turnEnd(client, request.turn_id);
    expect(existsSync(dir)).toBe(false);
  });
});

describe('approvals end to end: rm -rf and nobody answers', () => {
  it('is denied after safety.approval_timeout_s; the directory stays', async () => {
    const box = await startApprovalBox(0.3);
    const client = await connectReady(box.wsUrl);
    try {
      const dir = victim();
      scriptToolThenText(box, rmRf(dir));
      const request = await askAndWaitForRequest(client, 'clean up');
      const resolved = await client.waitFor((f) => f.type === 'approval_resolved');
      expect(resolved).toMatchObject({ approval_id: request.approval_id, decision: 'timeout' });
      await turnEnd(client, request.turn_id);
      expect(existsSync(join(dir, 'data.txt'))).toBe(true);
      expect(await toolResultSeen(box, 2)).toMatch(/Nobody answered/);
    } finally {
      client.close();
      await box.close();
    }
  });
});
