/**
 * What a route's throw becomes (zod's checks of request bodies, AppErrors, anything else). Apart
 * from errors.ts, which the WebSocket upgrade's refusals use at start without zod.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import { isAppError } from '../../errors.js';
import type { Logger } from '../../log/logger.js';
import { logRequestFailure } from '../log-request-failure.js';
import { apiErrorResponse } from './errors.js';
import type { ApiMessages } from './messages.js';

/** Maps anything thrown by a route to its response; anything but a client's mistake is logged. */
export function errorResponse(c: Context, error: unknown, t: ApiMessages, logger: Logger): Response {
  if (error instanceof z.ZodError)
    return apiErrorResponse(c, 'bad_request', t.badBody(z.prettifyError(error)));
  logRequestFailure(logger, error, c.req.path, 'api request failed');
  if (isAppError(error)) return apiErrorResponse(c, error.code, error.message);
  return apiErrorResponse(c, 'internal', t.internal);
}
