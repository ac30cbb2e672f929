/**
 * The one error type of Aibox. `code` is a stable, machine-readable string
 * (mapped to wire error codes at the edge); `message` is for people.
 */
export class AppError extends Error {
  readonly code: string;
  readonly details?: Record<string, unknown>;

  constructor(
    code: string,
    message: string,
    options?: { cause?: unknown; details?: Record<string, unknown> },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.details = options?.details;
  }
}

export function isAppError(value: unknown, code?: string): value is AppError {
  return value instanceof AppError && (code === undefined || value.code === code);
}

/** A readable one-line description of anything thrown. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
