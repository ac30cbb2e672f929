/**
 * Which session a `/v1` request continues. OpenAI clients send the whole conversation each time and
 * no id for it, so the session is named, in this order, by:
 *
 * 1. the model `aibox:NAME` → session NAME (`aibox:main` is the page's and the terminal's);
 * 2. the header `X-Aibox-Session: NAME` → session NAME;
 * 3. otherwise the conversation itself: its first user message, with the request's `user` field
 *    when given, hashed → session `v1-<16 hex>`. Each new chat of a front end opens its own session
 *    and its later requests (which repeat that opening) come back to it; two chats opening with the
 *    same words and the same `user` share one, which a header or `user` keeps apart.
 */
import { createHash } from 'node:crypto';
import { SESSION_ID } from '../../protocol/frames.js';
import { type ChatCompletionRequest, messageText } from './chat-request.js';

export const MODEL_PREFIX = 'aibox';
export const SESSION_HEADER = 'x-aibox-session';

/** Whether `model` is one of ours: `aibox`, or `aibox:NAME` with a valid session name. */
export function isOurModel(model: string): boolean {
  return model === MODEL_PREFIX || namedSession(model) !== undefined;
}

/** NAME of `aibox:NAME`, or undefined. */
function namedSession(model: string): string | undefined {
  if (!model.startsWith(`${MODEL_PREFIX}:`)) return undefined;
  const name = model.slice(MODEL_PREFIX.length + 1);
  return SESSION_ID.test(name) ? name : undefined;
}

export type SessionChoice = { ok: true; session: string } | { ok: false; reason: 'model' | 'header' };

/** The session of a request whose model and last message were checked. */
export function sessionOfRequest(request: ChatCompletionRequest, header: string | undefined): SessionChoice {
  if (!isOurModel(request.model)) return { ok: false, reason: 'model' };
  const named = namedSession(request.model);
  if (named !== undefined) return { ok: true, session: named };
  if (header !== undefined) {
    const name = header.trim();
    return SESSION_ID.test(name) ? { ok: true, session: name } : { ok: false, reason: 'header' };
  }
  const opening = request.messages.find((message) => message.role === 'user');
  const hash = createHash('sha256')
    .update(JSON.stringify([request.user ?? '', opening ? messageText(opening) : '']))
    .digest('hex');
  return { ok: true, session: `v1-${hash.slice(0, 16)}` };
}
