import type { z } from 'zod';

/** An Error naming the first field of a DingTalk payload that failed its schema. */
export function fieldError(prefix: string, error: z.ZodError): Error {
  const issue = error.issues[0];
  return new Error(`${prefix} ${issue?.path.join('.') || '(root)'}: ${issue?.message}`);
}
