/**
 * Files out on Telegram (Bot API, "Sending files"): a picture with `sendPhoto`, anything else with
 * `sendDocument`, each uploaded as `multipart/form-data` (grammY's `InputFile`). Telegram's limits
 * for a bot's upload: a photo at most 10 MB (and width + height ≤ 10,000, ratio ≤ 20), a document
 * at most 50 MB. A picture Telegram cannot take as a photo (over 10 MB, or refused for its
 * dimensions) goes as a document, so it still arrives, unscaled; over 50 MB nothing is uploaded.
 */
import { type Api, GrammyError, InputFile } from 'grammy';
import { FileTooLargeError } from '../read-limited.js';
import type { OutboundFile } from '../types.js';

export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const MAX_DOCUMENT_BYTES = 50 * 1024 * 1024;

/** Telegram's refusals of a picture as a photo that a document upload does not have. */
const PHOTO_REFUSED = /PHOTO_INVALID_DIMENSIONS|PHOTO_SAVE_FILE_INVALID|IMAGE_PROCESS_FAILED|too big/i;

type Signal = NonNullable<Parameters<Api['getMe']>[0]>;

/** The sent message's id; an answer without one is not taken as sent. */
function messageId(sent: unknown, method: string): string {
  const id = (sent as { message_id?: unknown } | null)?.message_id;
  if (typeof id !== 'number' || !Number.isSafeInteger(id))
    throw new Error(`Telegram's answer to ${method} names no message: the file may not have been sent`);
  return String(id);
}

/** Sends `file` to `chatId`; resolves with the message id. `retry` wraps each call (rate limits). */
export async function sendTelegramFile(
  api: Api,
  chatId: string,
  file: OutboundFile,
  signal: Signal,
  retry: <T>(call: () => Promise<T>) => Promise<T>,
): Promise<string> {
  const size = file.data.byteLength;
  if (size > MAX_DOCUMENT_BYTES) throw new FileTooLargeError(MAX_DOCUMENT_BYTES, 'Telegram');
  // grammY writes the name unquoted into the part's header: nothing that would end it.
  const name = file.name.replace(/[;"\r\n]/g, '_');
  const document = async () =>
    messageId(
      await retry(() => api.sendDocument(chatId, new InputFile(file.data, name), {}, signal)),
      'sendDocument',
    );
  if (file.kind !== 'image' || size > MAX_PHOTO_BYTES) return document();
  try {
    return messageId(
      await retry(() => api.sendPhoto(chatId, new InputFile(file.data, name), {}, signal)),
      'sendPhoto',
    );
  } catch (error) {
    if (error instanceof GrammyError && error.error_code === 400 && PHOTO_REFUSED.test(error.description))
      return document();
    throw error;
  }
}
