/**
 * End to end over the real WebSocket: the (fake) model calls write_file outside
 * the workspace; a person denies, allows, says "always", or does not answer.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  askAndWaitForRequest,
  type Box,
  connectReady,
  outsideDir,
  scriptToolThenText,
  startApprovalBox,
  type TestClient,
  toolResultSeen,
  turnEnd,
} from './approval-box.js';

describe('approvals end to end: write_file outside the workspace', () => {
  let box: Box;
  let alice: TestClient;
  let bob: TestClient;
  let legacy: TestClient;
  let outside: string;

  beforeAll(async () => {
    box = await startApprovalBox(60);
    alice = await connectReady(box.wsUrl);
    bob = await connectReady(box.wsUrl);
    legacy = await connectReady(box.wsUrl, { protocols: [] });
    outside = outsideDir();
  });
  afterAll(async () => {
    for (const client of [alice, bob, legacy]) client?.close();
    await box?.close();
  });

  it('deny: every aibox.v1 client is asked, the first answer wins, the file is not written, the model is told', async () => {
    const target = join(outside, 'denied.txt');
    scriptToolThenText(box, { name: 'write_file', arguments: { filepath: target, content: 'x' } });
    const requests = box.llm.requests.length;
    const request = await askAndWaitForRequest(alice, 'write it');
    expect(request).toMatchObject({
      session: 'main',
      tool: 'write_file',
      command: `write_file ${target}`,
      can_always: true,
    });
    expect(request.reason).toContain('outside the workspace');
    expect(typeof request.call_id).toBe('string');
    expect(Date.parse(String(request.expires_at))).toBeGreaterThan(0);
    const atBob = await bob.waitFor(
      (f) => f.type === 'approval_request' && f.approval_id === request.approval_id,
    );
    expect(atBob.command).toBe(request.command);

    const fromBob = bob.frames.length;
    alice.send({ type: 'approval', approval_id: request.approval_id, decision: 'deny' });
    const resolved = await bob.waitFor((f) => f.type === 'approval_resolved', { from: fromBob });
    expect(resolved).toMatchObject({ approval_id: request.approval_id, decision: 'deny', approved: false });
    expect(String(resolved.by)).toMatch(/^127\.0\.0\.1:/);
    await turnEnd(alice, request.turn_id);

    bob.send({ type: 'approval', approval_id: request.approval_id, decision: 'allow' });
    const late = await bob.waitFor((f) => f.type === 'error' && f.approval_id === request.approval_id);
    expect(late.code).toBe('already_decided');
    expect(late.content).toContain('already decided');

    expect(existsSync(target)).toBe(false);
    expect(await toolResultSeen(box, requests + 2)).toContain('The user denied it');
    // The original clients never see approval frames, only the tool's outcome.
    expect(legacy.frames.some((f) => String(f.type).startsWith('approval'))).toBe(false);
  });

  it('allow: a client that connects while the request waits gets it after history, and its yes writes the file', async () => {
    const target = join(outside, 'allowed.txt');
    scriptToolThenText(box, { name: 'write_file', arguments: { filepath: target, content: 'written' } });
    const requests = box.llm.requests.length;
    const request = await askAndWaitForRequest(alice, 'write it');
    const carol = await connectReady(box.wsUrl);
    try {
      const pending = await carol.waitFor((f) => f.type === 'approval_request');
      expect(pending.approval_id).toBe(request.approval_id);
      expect(carol.frames.findIndex((f) => f.type === 'history')).toBeLessThan(carol.frames.indexOf(pending));
      carol.send({ type: 'approval', approval_id: request.approval_id, decision: 'allow' });
      const resolved = await alice.waitFor(
        (f) => f.type === 'approval_resolved' && f.approval_id === request.approval_id,
      );
      expect(resolved).toMatchObject({ decision: 'allow', approved: true });
      await turnEnd(alice, request.turn_id);
    } finally {
      carol.close();
    }
    expect(readFileSync(target, 'utf8')).toBe('written');
    expect(await toolResultSeen(box, requests + 2)).toMatch(/^✅/);
  });

  it('always: the rule is saved in config.json and the same write is not asked again', async () => {
    const target = join(outside, 'always.txt');
    const call = { name: 'write_file', arguments: { filepath: target, content: 'one' } };
    scriptToolThenText(box, call);
    const request = await askAndWaitForRequest(alice, 'write it');
    alice.send({ type: 'approval', approval_id: request.approval_id, decision: 'always' });
    await turnEnd(alice, request.turn_id);
    const saved = JSON.parse(readFileSync(join(box.home, 'config.json'), 'utf8'));
    expect(saved.safety.rules).toEqual([
      { decision: 'allow', tool: 'file', command: 'write_file', args: [target] },
    ]);

    scriptToolThenText(box, call);
    const from = alice.frames.length;
    const end = await alice.chat('again');
    expect(end.type).toBe('complete');
    expect(alice.frames.slice(from).some((f) => f.type === 'approval_request')).toBe(false);
    expect(readFileSync(target, 'utf8')).toBe('one');
  });

  it('abort while the request waits: resolved as aborted for every client, nothing written', async () => {
    const target = join(outside, 'aborted.txt');
    box.llm.script({ toolCalls: [{ name: 'write_file', arguments: { filepath: target, content: 'x' } }] });
    const request = await askAndWaitForRequest(alice, 'write it');
    const fromBob = bob.frames.length;
    alice.send({ type: 'abort' });
    const resolved = await bob.waitFor((f) => f.type === 'approval_resolved', { from: fromBob });
    expect(resolved).toMatchObject({
      approval_id: request.approval_id,
      decision: 'aborted',
      approved: false,
    });
    expect(await turnEnd(alice, request.turn_id)).toMatchObject({ type: 'error', code: 'aborted' });
    expect(existsSync(target)).toBe(false);
  });

  it('nobody who can answer (only an original client on the session): denied at once', async () => {
    const target = join(outside, 'unattended.txt');
    scriptToolThenText(box, { name: 'write_file', arguments: { filepath: target, content: 'x' } });
    const requests = box.llm.requests.length;
    const lonely = await connectReady(`${box.wsUrl}/?session=lonely`, { protocols: [] });
    try {
      const end = await lonely.chat('write it');
      expect(end.type).toBe('complete');
    } finally {
      lonely.close();
    }
    expect(existsSync(target)).toBe(false);
    expect(await toolResultSeen(box, requests + 2)).toContain('Nobody can approve right now');
  });
});

describe('approvals end to end: nobody answers', () => {
  it('denies after safety.approval_timeout_s and tells every client', async () => {
    const box = await startApprovalBox(0.3);
    const client = await connectReady(box.wsUrl);
    try {
      const target = join(outsideDir(), 'late.txt');
      scriptToolThenText(box, { name: 'write_file', arguments: { filepath: target, content: 'x' } });
      const request = await askAndWaitForRequest(client, 'write it');
      const resolved = await client.waitFor((f) => f.type === 'approval_resolved');
      expect(resolved).toMatchObject({
        approval_id: request.approval_id,
        decision: 'timeout',
        approved: false,
      });
      await turnEnd(client, request.turn_id);
      expect(existsSync(target)).toBe(false);
      expect(await toolResultSeen(box, 2)).toContain('Nobody answered within safety.approval_timeout_s');
    } finally {
      client.close();
      await box.close();
    }
  });
});

describe('approvals end to end: safety.mode', () => {
  it('off: warned at start, and an outside write runs without asking', async () => {
    const box = await startApprovalBox(60, { mode: 'off' });
    const client = await connectReady(box.wsUrl);
    try {
      expect(box.app.notices.join('\n')).toContain('safety.mode = off');
      const target = join(outsideDir(), 'off.txt');
      scriptToolThenText(box, { name: 'write_file', arguments: { filepath: target, content: 'x' } });
      expect((await client.chat('write it')).type).toBe('complete');
      expect(client.ofType('approval_request')).toEqual([]);
      expect(readFileSync(target, 'utf8')).toBe('x');
    } finally {
      client.close();
      await box.close();
    }
  });

  it('deny: refused without asking anyone', async () => {
    const box = await startApprovalBox(60, { mode: 'deny' });
    const client = await connectReady(box.wsUrl);
    try {
      const target = join(outsideDir(), 'deny.txt');
      scriptToolThenText(box, { name: 'write_file', arguments: { filepath: target, content: 'x' } });
      expect((await client.chat('write it')).type).toBe('complete');
      expect(client.ofType('approval_request')).toEqual([]);
      expect(existsSync(target)).toBe(false);
      expect(await toolResultSeen(box, 2)).toContain('safety.mode is deny');
    } finally {
      client.close();
      await box.close();
    }
  });
});
