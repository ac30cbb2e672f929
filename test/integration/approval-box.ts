/**
 * Shared by the end-to-end approval tests: a real Aibox (server harness) whose
 * fake model calls one tool and then answers, and helpers to read what the
 * model was told afterwards.
 */
import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FakeToolCall, RecordedRequest } from '../helpers/fake-llm.js';
import { type Box, connectReady, type Frame, startBox, type TestClient } from '../server/harness.js';

export type { Box, Frame, TestClient };

/** A box with `safety.approval_timeout_s` as given (seconds). */
export function startApprovalBox(timeoutS = 60, safety: Record<string, unknown> = {}): Promise<Box> {
  return startBox({ config: { safety: { approval_timeout_s: timeoutS, ...safety } } });
}

/** A directory outside the box's workspace and roots (its real path). */
export function outsideDir(): string {
  return realpathSync(mkdtempSync(join(tmpdir(), 'aibox-outside-')));
}

/** The model calls `call` once, then says `after`. */
export function scriptToolThenText(box: Box, call: FakeToolCall, after = 'finished'): void {
  box.llm.script({ toolCalls: [call] }, { text: after });
}

/** The tool result the model received in request `n` (1-based) for the last tool call. */
export async function toolResultSeen(box: Box, n: number): Promise<string> {
  const request: RecordedRequest = await box.llm.waitForRequest(n);
  const messages = request.body.messages as { role: string; content: string }[];
  const tool = messages.filter((m) => m.role === 'tool').at(-1);
  if (!tool) throw new Error(`request ${n} has no tool message`);
  return tool.content;
}

/** Sends a message and resolves with the first approval_request this client receives for it. */
export async function askAndWaitForRequest(client: TestClient, content: string): Promise<Frame> {
  const from = client.frames.length;
  client.send({ type: 'message', content });
  return client.waitType('approval_request', { from });
}

/** Waits for the turn's terminal frame (after the request). */
export function turnEnd(client: TestClient, turnId: unknown): Promise<Frame> {
  return client.waitFor((f) => (f.type === 'complete' || f.type === 'error') && f.turn_id === turnId);
}

export { connectReady };
