/**
 * What the server logs of an HTTP request that failed (`/api`, `/v1`): anything but the client's own
 * mistake (a 4xx `AppError`), i.e. every 5xx `AppError` and anything unexpected. The line holds the
 * error and the request's path, never its body (the user's messages) or headers (the token).
 */
import { isClientFault } from '../error-codes.js';
import { isAppError } from '../errors.js';
import type { Logger } from '../log/logger.js';

export function logRequestFailure(logger: Logger, error: unknown, path: string, message: string): void {
  if (isAppError(error) && isClientFault(error.code)) return;
  logger.error({ err: error, path }, message);
}
