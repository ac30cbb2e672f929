/**
 * Maps anything a request can throw (openai SDK errors, fetch errors, bad JSON)
 * to a provider error code, a message for people, and whether a retry may help.
 */
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { describeError } from '../errors.js';
import type { Lang } from '../i18n/lang.js';
import type { Deadline } from '../util/deadline.js';
import { providerMessages } from './messages.js';
import { ReplyTooLongError, StreamErrorChunk, StreamUnterminatedError } from './stream-guards.js';
import type { ProviderErrorCode } from './types.js';

export interface Failure {
  code: ProviderErrorCode;
  message: string;
  status?: number;
  /** 429, 5xx and connection failures; only ever retried before the first token. */
  retryable: boolean;
  /** What the server asked for in Retry-After / retry-after-ms. */
  retryAfterMs?: number;
}

interface ClassifyContext {
  deadline: Deadline;
  lang: Lang;
  baseUrl: string;
  keyEnv: string;
  timeoutMs: number;
  /** Removed from every message, in case a server echoes it. */
  apiKey: string;
}

function retryAfterMs(headers: Headers | undefined): number | undefined {
  const ms = Number(headers?.get('retry-after-ms'));
  if (Number.isFinite(ms) && ms > 0) return ms;
  const value = headers?.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function apiDetail(error: APIError): string {
  const body = error.error as { message?: unknown } | undefined;
  if (body && typeof body.message === 'string' && body.message) return body.message;
  return error.message;
}

function causeDetail(error: unknown): string {
  const cause =
    error instanceof Error ? (error.cause as { message?: string; code?: string } | undefined) : undefined;
  const base = describeError(error);
  if (cause?.code || cause?.message) return `${base} (${cause.code ?? cause.message})`;
  return base;
}

export function classifyError(error: unknown, ctx: ClassifyContext): Failure {
  const text = providerMessages(ctx.lang);
  const why = ctx.deadline.reason();
  const failure = ((): Failure => {
    if (why === 'timeout' || error instanceof APIConnectionTimeoutError) {
      return {
        code: 'timeout',
        message: text.timeout(Math.round(ctx.timeoutMs / 100) / 10),
        retryable: false,
      };
    }
    if (why === 'aborted' || error instanceof APIUserAbortError) {
      return { code: 'aborted', message: text.aborted(), retryable: false };
    }
    if (error instanceof ReplyTooLongError) {
      return { code: 'too_long', message: text.replyTooLong(error.limit), retryable: false };
    }
    if (error instanceof StreamUnterminatedError) {
      return { code: 'network', message: text.streamUnterminated(), retryable: true };
    }
    if (error instanceof StreamErrorChunk) {
      const status = error.status;
      const retryable = status === 429 || (status !== undefined && status >= 500);
      return {
        code: status === 429 ? 'rate_limit' : retryable ? 'network' : 'bad_response',
        status,
        message: text.streamError(error.detail),
        retryable,
      };
    }
    if (error instanceof APIConnectionError) {
      return { code: 'network', message: text.network(ctx.baseUrl, causeDetail(error)), retryable: true };
    }
    if (error instanceof APIError) {
      const status = error.status;
      const detail = apiDetail(error);
      if (status === undefined)
        return { code: 'bad_response', message: text.badResponse(detail), retryable: false };
      if (status === 401 || status === 403) {
        return { code: 'auth', status, message: text.auth(status, ctx.keyEnv, detail), retryable: false };
      }
      if (status === 429) {
        const after = retryAfterMs(error.headers);
        return {
          code: 'rate_limit',
          status,
          message: text.rateLimit(detail),
          retryable: true,
          retryAfterMs: after,
        };
      }
      if (status >= 500 || status === 408) {
        const after = retryAfterMs(error.headers);
        return {
          code: 'network',
          status,
          message: text.serverError(status, detail),
          retryable: true,
          retryAfterMs: after,
        };
      }
      return { code: 'bad_response', status, message: text.badRequest(status, detail), retryable: false };
    }
    if (error instanceof SyntaxError) {
      return { code: 'bad_response', message: text.badResponse(error.message), retryable: false };
    }
    // fetch's "terminated" and friends: the connection died while reading the body.
    return { code: 'network', message: `${text.streamCut()}: ${causeDetail(error)}`, retryable: true };
  })();
  if (ctx.apiKey) failure.message = failure.message.replaceAll(ctx.apiKey, '***');
  return failure;
}
