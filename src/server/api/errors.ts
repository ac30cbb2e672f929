/** Maps anything thrown by a route to `{error:{code,message}}` with a fitting HTTP status. */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from 'pino';
import { z } from 'zod';
import { AppError, isAppError } from '../../errors.js';
import type { ApiErrorBody } from './dto.js';
import type { ApiMessages } from './messages.js';

/** AppError codes (or code suffixes) that are the caller's fault, by HTTP status. */
const STATUS_BY_CODE: [RegExp, ContentfulStatusCode][] = [
  [/not_found|NOT_FOUND|MISSING$/, 404],
  [/EXISTS$|exists$|conflict/i, 409],
  [/too_large/, 413],
];

function statusFor(error: AppError): ContentfulStatusCode {
  for (const [pattern, status] of STATUS_BY_CODE) if (pattern.test(error.code)) return status;
  return 400;
}

export function apiError(code: string, message: string): AppError {
  return new AppError(code, message);
}

export function errorResponse(c: Context, error: unknown, t: ApiMessages, logger: Logger): Response {
  let status: ContentfulStatusCode;
  let body: ApiErrorBody;
  if (error instanceof z.ZodError) {
    status = 400;
    body = { error: { code: 'bad_request', message: t.badBody(z.prettifyError(error)) } };
  } else if (isAppError(error)) {
    status = statusFor(error);
    body = { error: { code: error.code, message: error.message } };
  } else {
    logger.error({ err: error, path: c.req.path }, 'api request failed');
    status = 500;
    body = { error: { code: 'internal', message: t.internal } };
  }
  return c.json(body, status);
}
