/**
 * The JSON errors of `/api` (and the server's own refusals before it): `{error:{code,message}}` with
 * the HTTP status and wire spelling the code table (error-codes.ts) gives.
 */
import type { Context } from 'hono';
import { type ErrorCode, httpStatusOf, wireCodeOf } from '../../error-codes.js';
import { AppError } from '../../errors.js';
import type { ApiErrorBody } from './dto.js';

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
