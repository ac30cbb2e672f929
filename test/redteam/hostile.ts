/**
 * A hostile model's single tool call over the real WebSocket, with a person who says yes to whatever
 * is asked (or gives `answer`).
 */
import type { ApprovalDecision } from '../../src/protocol/frames.js';
import type { Box, Frame, TestClient } from '../server/harness.js';

export interface HostileOutcome {
  /** Whether an approval was asked (and answered). */
  asked: boolean;
  /** The approval request, when one was asked. */
  request?: Frame;
  /** The tool result the model received. */
  seen: string;
}

export async function hostileCall(
  box: Box,
  client: TestClient,
  name: string,
  args: Record<string, unknown>,
  answer: ApprovalDecision = 'allow',
): Promise<HostileOutcome> {
  box.llm.script({ toolCalls: [{ name, arguments: args }] }, { text: 'done' });
  const requests = box.llm.requests.length;
  const from = client.frames.length;
  client.send({ type: 'message', content: 'go' });
  const first = await client.waitFor(
    (f) => f.type === 'approval_request' || f.type === 'complete' || f.type === 'error',
    { from },
  );
  if (first.type === 'approval_request') {
    client.send({ type: 'approval', approval_id: first.approval_id, decision: answer });
    await client.waitFor((f) => f.type === 'complete' || f.type === 'error', { from });
  }
  const request = await box.llm.waitForRequest(requests + 2);
  const messages = request.body.messages as { role: string; content: string }[];
  return {
    asked: first.type === 'approval_request',
    ...(first.type === 'approval_request' ? { request: first } : {}),
    seen: messages.filter((m) => m.role === 'tool').at(-1)?.content ?? '',
  };
}
