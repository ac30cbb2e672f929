/** WebSocket `error` frames: the code's wire spelling comes from the code table (error-codes.ts). */
import { type ErrorCode, wireCodeOf } from './error-codes.js';
import type { ServerFrame } from './protocol/frames.js';

export type ErrorFrame = Extract<ServerFrame, { type: 'error' }>;

export function errorFrame(
  code: ErrorCode,
  content: string,
  extra: Omit<ErrorFrame, 'type' | 'code' | 'content'> = {},
): ErrorFrame {
  return { type: 'error', code: wireCodeOf(code), content, ...extra };
}
