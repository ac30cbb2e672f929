/**
 * The OpenAI-compatible endpoint at `/v1` (on only with `server.openai_api: true`): any OpenAI
 * client talks to the agent. Always behind the token; bodies are held to `server.max_body_bytes`
 * before any route (body-limit.ts); errors in OpenAI's shape `{ error: { message, type, code } }`.
 * Tool activity is not streamed as content: each chunk may carry an `aibox` field with it instead
 * (ignored by OpenAI clients).
 */
import { type Context, Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import type { AppServices } from '../../app/services.js';
import { type ErrorCode, type ErrorHttpStatus, httpStatusOf, wireCodeOf } from '../../error-codes.js';
import { isAppError } from '../../errors.js';
import { startCancellableTurn } from '../../session/cancellable-turn.js';
import type { Session, SessionEvent, TurnOutcome } from '../../session/types.js';
import { bearerToken, tokensEqual } from '../auth.js';
import { logRequestFailure } from '../log-request-failure.js';
import {
  type ChatRequest,
  ChatRequestSchema,
  lastUserText,
  MODEL_PREFIX,
  sessionOfModel,
} from './chat-request.js';
import { openAiMessages } from './messages.js';

/** OpenAI's error `type`, from the status the code table gives. */
function openAiErrorType(status: ErrorHttpStatus): string {
  if (status === 429) return 'rate_limit_error';
  return status >= 500 ? 'server_error' : 'invalid_request_error';
}

function openAiErrorBody(code: ErrorCode, message: string) {
  const type = openAiErrorType(httpStatusOf(code));
  return { error: { message, type, code: wireCodeOf(code), param: null } };
}

function openAiError(c: Context, code: ErrorCode, message: string) {
  return c.json(openAiErrorBody(code, message), httpStatusOf(code));
}

/** The `aibox` extension of a chunk for the tool events a client may want to show. */
function toolActivity(event: SessionEvent): Record<string, unknown> | undefined {
  if (event.type === 'tool_start')
    return { event: 'tool_start', call_id: event.callId, name: event.name, args: event.args };
  if (event.type === 'tool_end')
    return {
      event: 'tool_end',
      call_id: event.callId,
      name: event.name,
      ok: event.ok,
      duration_ms: event.durationMs,
    };
  return undefined;
}

export function createOpenAiRoutes(app: AppServices): Hono {
  const t = openAiMessages(app.lang);
  const routes = new Hono();

  // Host and Origin were checked before any route (request-guard.ts).
  routes.use('*', async (c, next) => {
    const expected = app.config.server.token;
    if (expected === '') return openAiError(c, 'no_token_configured', t.noToken);
    const presented = bearerToken(c.req.header('authorization'));
    if (presented === undefined || !tokensEqual(presented, expected)) {
      app.logger.warn({ path: c.req.path }, 'openai api request without a valid token');
      return openAiError(c, 'invalid_api_key', t.badToken);
    }
    await next();
  });

  routes.get('/models', (c) => {
    const created = Math.floor(app.startedAt.getTime() / 1000);
    const ids = [
      MODEL_PREFIX,
      ...app.sessions
        .ids()
        .filter((id) => id !== 'main')
        .map((id) => `${MODEL_PREFIX}:${id}`),
    ];
    return c.json({
      object: 'list',
      data: ids.map((id) => ({ id, object: 'model', created, owned_by: 'aibox' })),
    });
  });

  routes.post('/chat/completions', async (c) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return openAiError(c, 'invalid_json', t.badJson);
    }
    const parsed = ChatRequestSchema.safeParse(body);
    if (!parsed.success)
      return openAiError(c, 'invalid_request', t.badRequest(z.prettifyError(parsed.error)));
    const request = parsed.data;
    const sessionId = sessionOfModel(request.model);
    if (!sessionId) return openAiError(c, 'model_not_found', t.unknownModel(request.model));
    const content = lastUserText(request);
    if (content === undefined) return openAiError(c, 'no_user_message', t.noUserMessage);
    const session = app.sessions.get(sessionId);
    const max = app.config.server.max_queued_turns;
    if (session.queueLength >= max) return openAiError(c, 'queue_full', t.queueFull(sessionId, max));
    return request.stream
      ? streamTurn(c, request, session, content)
      : wholeTurn(c, request, session, content);
  });

  routes.notFound((c) => openAiError(c, 'not_found', t.notFound(c.req.path)));
  // A refused limit (no room for the session, a queue filled meanwhile) keeps its own code;
  // the box's own failures (5xx) are logged like /api's.
  routes.onError((error, c) => {
    logRequestFailure(app.logger, error, c.req.path, 'openai api request failed');
    if (isAppError(error)) return openAiError(c, error.code, error.message);
    return openAiError(c, 'internal', t.internal);
  });
  return routes;
}

const completionId = (turnId: string) => `chatcmpl-${turnId}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

function failure(c: Context, outcome: Extract<TurnOutcome, { status: 'error' }>) {
  return openAiError(c, outcome.code, outcome.message);
}

async function wholeTurn(c: Context, request: ChatRequest, session: Session, content: string) {
  const turn = startCancellableTurn(session, content, () => undefined);
  const signal = c.req.raw.signal;
  signal.addEventListener('abort', () => turn.cancel(), { once: true });
  const outcome = await turn.done;
  if (outcome.status === 'error') return failure(c, outcome);
  return c.json({
    id: completionId(turn.turnId),
    object: 'chat.completion',
    created: nowSeconds(),
    model: request.model,
    choices: [{ index: 0, message: { role: 'assistant', content: outcome.content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
  });
}

function streamTurn(c: Context, request: ChatRequest, session: Session, content: string) {
  return streamSSE(c, async (stream) => {
    const created = nowSeconds();
    let id = '';
    // Writes are chained so chunks keep their order even though events arrive synchronously.
    let writing = Promise.resolve();
    const chunk = (
      delta: Record<string, unknown>,
      finish: string | null,
      extra: Record<string, unknown> = {},
    ) => {
      const data = JSON.stringify({
        id,
        object: 'chat.completion.chunk',
        created,
        model: request.model,
        choices: [{ index: 0, delta, finish_reason: finish }],
        ...extra,
      });
      writing = writing.then(() => stream.writeSSE({ data }));
    };
    const turn = startCancellableTurn(session, content, (event) => {
      if (event.type === 'turn_start') chunk({ role: 'assistant', content: '' }, null);
      else if (event.type === 'text_delta') chunk({ content: event.text }, null);
      else {
        const activity = toolActivity(event);
        if (activity) chunk({}, null, { aibox: activity });
      }
    });
    id = completionId(turn.turnId);
    stream.onAbort(() => turn.cancel());
    const outcome = await turn.done;
    if (outcome.status === 'complete') chunk({}, 'stop');
    else {
      const data = JSON.stringify(openAiErrorBody(outcome.code, outcome.message));
      writing = writing.then(() => stream.writeSSE({ data }));
    }
    writing = writing.then(() => stream.writeSSE({ data: '[DONE]' }));
    await writing;
  });
}
