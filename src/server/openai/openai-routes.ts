/**
 * The OpenAI-compatible endpoint at `/v1` (on only with `server.openai_api: true`): any OpenAI
 * client talks to the agent. Always behind the token (a CORS preflight is answered before it,
 * cors.ts); bodies are held to `server.max_body_bytes` before any route (body-limit.ts); errors in
 * OpenAI's shape (openai-error.ts). Unknown paths are answered by the server's notFound.
 * Tool activity is not streamed as content: each chunk may carry an `aibox` field with it instead
 * (ignored by OpenAI clients).
 */
import { type Context, Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import type { AppServices } from '../../app/services.js';
import { isAppError } from '../../errors.js';
import { startCancellableTurn } from '../../session/cancellable-turn.js';
import type { EnqueueInput, Session, SessionEvent, TurnOutcome } from '../../session/types.js';
import { openAiUsage } from '../../usage/openai-usage.js';
import { bearerToken, tokensEqual } from '../auth.js';
import { logRequestFailure } from '../log-request-failure.js';
import { answerText } from './answer-text.js';
import {
  type ChatCompletionRequest,
  ChatCompletionRequestSchema,
  lastUserText,
  refusalOf,
} from './chat-request.js';
import { isOurModel, MODEL_PREFIX, SESSION_HEADER, sessionOfRequest } from './conversation-session.js';
import { openAiMessages } from './messages.js';
import { openAiError, openAiErrorBody } from './openai-error.js';
import { requestPictures } from './request-pictures.js';

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

  const created = () => Math.floor(app.startedAt.getTime() / 1000);
  const model = (id: string) => ({ id, object: 'model', created: created(), owned_by: 'aibox' });
  routes.get('/models', (c) => {
    const ids = [
      MODEL_PREFIX,
      ...app.sessions
        .ids()
        .filter((id) => id !== 'main')
        .map((id) => `${MODEL_PREFIX}:${id}`),
    ];
    return c.json({
      object: 'list',
      data: ids.map(model),
    });
  });
  // Any session name is a model: a session is made on its first turn.
  routes.get('/models/:id', (c) => {
    const id = c.req.param('id');
    return isOurModel(id)
      ? c.json(model(id))
      : openAiError(c, 'model_not_found', t.unknownModel(id), 'model');
  });

  routes.post('/chat/completions', async (c) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return openAiError(c, 'invalid_json', t.badJson);
    }
    const parsed = ChatCompletionRequestSchema.safeParse(body);
    if (!parsed.success) {
      const param = parsed.error.issues[0]?.path.map(String).join('.') || null;
      return openAiError(c, 'invalid_request', t.badRequest(z.prettifyError(parsed.error)), param);
    }
    const request = parsed.data;
    const choice = sessionOfRequest(request, c.req.header(SESSION_HEADER));
    if (!choice.ok)
      return choice.reason === 'model'
        ? openAiError(c, 'model_not_found', t.unknownModel(request.model), 'model')
        : openAiError(c, 'invalid_request', t.badSessionHeader);
    const refusal = refusalOf(request, t);
    if (refusal) return openAiError(c, refusal.code, refusal.message, refusal.param);
    const content = lastUserText(request);
    const sessionId = choice.session;
    const session = app.sessions.get(sessionId);
    const max = app.config.server.max_queued_turns;
    if (session.queueLength >= max) return openAiError(c, 'queue_full', t.queueFull(sessionId, max));
    const pictures = await requestPictures(request, app.media, t);
    if (!pictures.ok) return openAiError(c, 'bad_picture', pictures.message, pictures.param);
    const input = { content, attachments: pictures.attachments };
    return request.stream ? streamTurn(c, request, session, input) : wholeTurn(c, request, session, input);
  });

  // A known path asked with another method: 405 with the methods it takes, not a 404 that says
  // the path does not exist. Registered after the routes, so it sees only what they did not take.
  const allowOnly = (allow: string) => (c: Context) => {
    c.header('Allow', allow);
    return openAiError(c, 'method_not_allowed', t.methodNotAllowed(c.req.method, c.req.path, allow));
  };
  routes.all('/chat/completions', allowOnly('POST'));
  routes.all('/models', allowOnly('GET, HEAD'));
  routes.all('/models/:id', allowOnly('GET, HEAD'));
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

/** The user's words and the pictures stored for them. */
type TurnInput = Pick<EnqueueInput, 'content' | 'attachments'>;

const completionId = (turnId: string) => `chatcmpl-${turnId}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

function failure(c: Context, outcome: Extract<TurnOutcome, { status: 'error' }>) {
  return openAiError(c, outcome.code, outcome.message);
}

async function wholeTurn(c: Context, request: ChatCompletionRequest, session: Session, content: TurnInput) {
  const answer = answerText();
  const turn = startCancellableTurn(session, content, (event) => answer.add(event), 'v1');
  const signal = c.req.raw.signal;
  signal.addEventListener('abort', () => turn.cancel(), { once: true });
  const outcome = await turn.done;
  if (outcome.status === 'error') return failure(c, outcome);
  return c.json({
    id: completionId(turn.turnId),
    object: 'chat.completion',
    created: nowSeconds(),
    model: request.model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: answer.text || outcome.content },
        finish_reason: 'stop',
      },
    ],
    usage: openAiUsage(outcome.usage),
  });
}

function streamTurn(c: Context, request: ChatCompletionRequest, session: Session, content: TurnInput) {
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
    const usageChunk = (usage: Record<string, unknown>) => {
      const data = JSON.stringify({
        id,
        object: 'chat.completion.chunk',
        created,
        model: request.model,
        choices: [],
        usage,
      });
      writing = writing.then(() => stream.writeSSE({ data }));
    };
    const answer = answerText();
    const turn = startCancellableTurn(
      session,
      content,
      (event) => {
        const text = answer.add(event);
        if (event.type === 'turn_start') chunk({ role: 'assistant', content: '' }, null);
        else if (text !== '') chunk({ content: text }, null);
        else {
          const activity = toolActivity(event);
          if (activity) chunk({}, null, { aibox: activity });
        }
      },
      'v1',
    );
    id = completionId(turn.turnId);
    stream.onAbort(() => turn.cancel());
    const outcome = await turn.done;
    if (outcome.status === 'complete') {
      chunk({}, 'stop');
      if (request.stream_options?.include_usage) usageChunk(openAiUsage(outcome.usage));
    } else {
      const data = JSON.stringify(openAiErrorBody(outcome.code, outcome.message));
      writing = writing.then(() => stream.writeSSE({ data }));
    }
    writing = writing.then(() => stream.writeSSE({ data: '[DONE]' }));
    await writing;
  });
}
