/**
 * OpenAI's error shape, `{"error":{"message","type","param","code"}}`, for every answer under
 * `/v1`: the routes' own refusals and the server's refusals before any route (Host/Origin, 413,
 * unknown paths). `type` follows the status the code table gives (docs/errors.md).
 */
import type { Context } from 'hono';
import { type ErrorCode, type ErrorHttpStatus, httpStatusOf, wireCodeOf } from '../../error-codes.js';

function openAiErrorType(status: ErrorHttpStatus): string {
  if (status === 429) return 'rate_limit_error';
  return status >= 500 ? 'server_error' : 'invalid_request_error';
}

/** `param`: the request field at fault, when one is. */
export function openAiErrorBody(code: ErrorCode, message: string, param: string | null = null) {
  const type = openAiErrorType(httpStatusOf(code));
  return { error: { message, type, param, code: wireCodeOf(code) } };
}

export function openAiError(c: Context, code: ErrorCode, message: string, param: string | null = null) {
  return c.json(openAiErrorBody(code, message, param), httpStatusOf(code));
}

/** Whether a request is for the OpenAI-compatible endpoint (its errors take OpenAI's shape). */
export function isOpenAiPath(path: string): boolean {
  return path === '/v1' || path.startsWith('/v1/');
}
