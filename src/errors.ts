import type { ErrorCode } from './error-codes.js';

/**
 * The one error type of Aibox. `code` is one of the table in error-codes.ts (which gives its HTTP
 * status and wire spelling at the edge); `message` is for people.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: Record<string, unknown>;

  constructor(
    code: ErrorCode,
    message: string,
    options?: { cause?: unknown; details?: Record<string, unknown> },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.details = options?.details;
  }
}

export function isAppError(value: unknown, code?: ErrorCode): value is AppError {
  return value instanceof AppError && (code === undefined || value.code === code);
}

/** A readable one-line description of anything thrown. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
