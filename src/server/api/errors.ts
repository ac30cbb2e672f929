/**
 * The JSON errors of `/api` (and the server's own refusals before it): `{error:{code,message}}` with
 * the HTTP status and wire spelling the code table (error-codes.ts) gives.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import { type ErrorCode, httpStatusOf, wireCodeOf } from '../../error-codes.js';
import { AppError, isAppError } from '../../errors.js';
import type { Logger } from '../../log/logger.js';
import { logRequestFailure } from '../log-request-failure.js';
import type { ApiErrorBody } from './dto.js';
import type { ApiMessages } from './messages.js';

export function apiError(code: ErrorCode, message: string): AppError {
  return new AppError(code, message);
}

export function apiErrorBody(code: ErrorCode, message: string): ApiErrorBody {
  return { error: { code: wireCodeOf(code), message } };
}

/** The response for `code`: its status from the table, the body in the API's shape. */
export function apiErrorResponse(c: Context, code: ErrorCode, message: string): Response {
  return c.json(apiErrorBody(code, message), httpStatusOf(code));
}

/** Maps anything thrown by a route to its response; anything but a client's mistake is logged. */
export function errorResponse(c: Context, error: unknown, t: ApiMessages, logger: Logger): Response {
  if (error instanceof z.ZodError)
    return apiErrorResponse(c, 'bad_request', t.badBody(z.prettifyError(error)));
  logRequestFailure(logger, error, c.req.path, 'api request failed');
  if (isAppError(error)) return apiErrorResponse(c, error.code, error.message);
  return apiErrorResponse(c, 'internal', t.internal);
}
