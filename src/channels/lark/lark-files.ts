/**
 * Files out on Feishu/Lark, the open platform's two steps (the SDK's `im.image.create` and
 * `im.file.create` send the same requests; its `Client` is not loaded, lark-rest.ts says why):
 * 1. upload: a picture to `POST /open-apis/im/v1/images` (multipart: `image_type` `message`, the
 *    bytes as `image`; at most 10 MB) answering `image_key`; any other file to
 *    `POST /open-apis/im/v1/files` (`file_type` `pdf`/`doc`/`xls`/`ppt` by its name, else
 *    `stream`, `file_name`, the bytes as `file`; at most 30 MB, never empty) answering `file_key`;
 * 2. send: `POST /open-apis/im/v1/messages`, `msg_type` `image` with `{"image_key"}` or `file`
 *    with `{"file_key"}`, answering `message_id`.
 * A picture over 10 MB goes as a file (what the platform's documentation advises), so it arrives.
 */
import { extname } from 'node:path';
import { multipartBody } from '../multipart-body.js';
import { FileTooLargeError } from '../read-limited.js';
import type { OutboundFile } from '../types.js';

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
  let content: string;
  let msgType: 'image' | 'file';
  if (file.kind === 'image' && size <= MAX_IMAGE_BYTES) {
    const form = multipartBody(
      { image_type: 'message' },
      { field: 'image', name: 'image', type: 'application/octet-stream', data: file.data },
    );
    const imageKey = keyOf(
      await calls.upload('upload image', '/open-apis/im/v1/images', form),
      'image_key',
      'upload image',
    );
    msgType = 'image';
    content = JSON.stringify({ image_key: imageKey });
  } else {
    if (size > MAX_FILE_BYTES) throw new FileTooLargeError(MAX_FILE_BYTES, VENDOR);
    // The shown name travels as a field's value (UTF-8 as it is); the part's own name is ASCII.
    const form = multipartBody(
      { file_type: larkFileType(file.name), file_name: file.name },
      { field: 'file', name: 'file', type: 'application/octet-stream', data: file.data },
    );
    const fileKey = keyOf(
      await calls.upload('upload file', '/open-apis/im/v1/files', form),
      'file_key',
      'upload file',
    );
    msgType = 'file';
    content = JSON.stringify({ file_key: fileKey });
  }
  return keyOf(
    await calls.send(`send ${msgType}`, chatId, msgType, content),
    'message_id',
    `send ${msgType}`,
  );
}
