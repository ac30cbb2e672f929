import { httpCall } from './http-call.js';

/**
 * A chat file over `channels.max_file_bytes`, or over a vendor's own limit for what it takes
 * (`vendor` names it: `Telegram`); the bridge tells the chat in its language.
 */
export class FileTooLargeError extends Error {
  constructor(
    readonly maxBytes: number,
    readonly vendor?: string,
  ) {
    super(`file is over ${vendor ? `${vendor}'s` : 'the'} ${maxBytes}-byte limit`);
    this.name = 'FileTooLargeError';
  }
}

/** Time limit of one chat file download. */
export const DOWNLOAD_TIMEOUT_MS = 120_000;

/**
 * A chat file's bytes, refusing more than `maxBytes` (by its declared length, then as it
 * streams: the connection is dropped at the limit) with a `FileTooLargeError`.
 */
export async function downloadLimited(
  url: string,
  options: { maxBytes: number; signal?: AbortSignal; headers?: Record<string, string> },
): Promise<Uint8Array> {
  const answer = await httpCall(url, {
    ...options,
    timeoutMs: DOWNLOAD_TIMEOUT_MS,
    tooLarge: (maxBytes) => new FileTooLargeError(maxBytes),
  });
  if (!answer.ok) throw new Error(`file download failed: HTTP ${answer.status}`);
  return answer.body;
}
