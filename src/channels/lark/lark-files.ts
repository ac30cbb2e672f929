/**
 * Files out on Feishu/Lark, the open platform's two steps (the SDK's `im.image.create` and
 * `im.file.create` send the same requests; its `Client` is not loaded, lark-rest.ts says why):
 * 1. upload: a picture to `POST /open-apis/im/v1/images` (multipart: `image_type` `message`, the
 *    bytes as `image`; at most 10 MB) answering `image_key`; any other file to
 *    `POST /open-apis/im/v1/files` (`file_type` `pdf`/`doc`/`xls`/`ppt` by its name, else
 *    `stream`, `file_name`, the bytes as `file`; at most 30 MB, never empty) answering `file_key`;
 * 2. send: `POST /open-apis/im/v1/messages`, `msg_type` `image` with `{"image_key"}` or `file`
 *    with `{"file_key"}`, answering `message_id`.
 * A picture over 10 MB goes as a file (what the platform's documentation advises), so it arrives;
 * so does one the image upload refuses with an error code (its resolution is over the platform's
 * limit, GIF 2000 × 2000, others 12000 × 12000, or its format is not one the platform takes), as
 * the documentation advises for high-resolution pictures. An upload that fails without a code (the
 * network) is not retried as a file.
 */
import { extname } from 'node:path';
import { multipartBody } from '../multipart-body.js';
import { FileTooLargeError } from '../read-limited.js';
import type { OutboundFile } from '../types.js';
import { LarkApiError } from './lark-api-error.js';

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_FILE_BYTES = 30 * 1024 * 1024;
const MAX_KEY_CHARS = 1024;
const VENDOR = 'Feishu/Lark';

/** The platform's `file_type` for a file of this name. */
export function larkFileType(name: string): 'pdf' | 'doc' | 'xls' | 'ppt' | 'stream' {
  const ext = extname(name).toLowerCase();
  if (ext === '.pdf') return 'pdf';
  if (ext === '.doc' || ext === '.docx') return 'doc';
  if (ext === '.xls' || ext === '.xlsx') return 'xls';
  if (ext === '.ppt' || ext === '.pptx') return 'ppt';
  return 'stream';
}

/** A key or id of the platform's answer, bounded; throws when absent or absurd. */
function keyOf(data: unknown, field: string, call: string): string {
  const value =
    typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[field] : undefined;
  if (typeof value !== 'string' || value === '' || value.length > MAX_KEY_CHARS)
    throw new Error(`${call}: the platform gave no ${field}`);
  return value;
}

export interface LarkFileCalls {
  upload(name: string, path: string, body: { data: Buffer; type: string }): Promise<unknown>;
  send(name: string, chatId: string, msgType: 'image' | 'file', content: string): Promise<unknown>;
}

/** Uploads `file` and sends it to `chatId`; resolves with the message id. */
export async function sendLarkFile(
  calls: LarkFileCalls,
  chatId: string,
  file: OutboundFile,
): Promise<string> {
  const size = file.data.byteLength;
  if (size === 0) throw new Error('upload file: the file is empty');
  const imageKey =
    file.kind === 'image' && size <= MAX_IMAGE_BYTES ? await uploadImage(calls, file) : undefined;
  const msgType = imageKey ? 'image' : 'file';
  const content = JSON.stringify(
    imageKey ? { image_key: imageKey } : { file_key: await uploadFile(calls, file) },
  );
  return keyOf(
    await calls.send(`send ${msgType}`, chatId, msgType, content),
    'message_id',
    `send ${msgType}`,
  );
}

/** The picture's `image_key`, or undefined when the platform refuses the picture itself. */
async function uploadImage(calls: LarkFileCalls, file: OutboundFile): Promise<string | undefined> {
  const form = multipartBody(
    { image_type: 'message' },
    { field: 'image', name: 'image', type: 'application/octet-stream', data: file.data },
  );
  try {
    return keyOf(
      await calls.upload('upload image', '/open-apis/im/v1/images', form),
      'image_key',
      'upload image',
    );
  } catch (error) {
    // A refusal names a code; a garbled answer (-1), an HTTP error without one (0) or a server error is no verdict on the picture.
    const refusal =
      error instanceof LarkApiError &&
      error.code > 0 &&
      (error.status ?? 0) < 500 &&
      !error.tokenInvalid &&
      !error.credentialsRefused &&
      !error.rateLimited;
    if (refusal) return undefined;
    throw error;
  }
}

/** The file's `file_key`; a file over the platform's 30 MB is refused before uploading. */
async function uploadFile(calls: LarkFileCalls, file: OutboundFile): Promise<string> {
  if (file.data.byteLength > MAX_FILE_BYTES) throw new FileTooLargeError(MAX_FILE_BYTES, VENDOR);
  // The shown name travels as a field's value (UTF-8 as it is); the part's own name is ASCII.
  const form = multipartBody(
    { file_type: larkFileType(file.name), file_name: file.name },
    { field: 'file', name: 'file', type: 'application/octet-stream', data: file.data },
  );
  return keyOf(await calls.upload('upload file', '/open-apis/im/v1/files', form), 'file_key', 'upload file');
}
