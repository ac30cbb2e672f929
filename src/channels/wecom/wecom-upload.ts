/**
 * Media the robot sends goes up its long connection first, in three commands (WeCom's intelligent
 * robot documentation, 上传临时素材 over the long connection; Tencent's `@wecom/aibot-node-sdk`
 * `uploadMedia`):
 * 1. `aibot_upload_media_init` with `type` (`image`, `voice`, `video`, `file`), `filename`,
 *    `total_size`, `total_chunks` and the file's `md5`; the ack's body names an `upload_id`;
 * 2. `aibot_upload_media_chunk` with `upload_id`, `chunk_index` (0, 1, …) and `base64_data`, each
 *    chunk at most 512 KiB of the file, at most 100 chunks;
 * 3. `aibot_upload_media_finish` with `upload_id`; the ack's body names the `media_id` (valid
 *    three days), which an active send (`aibot_send_msg`, `msgtype` `image` or `file`) carries.
 * WeCom's limits: a picture 10 MB (JPG, PNG), a file 20 MB; a voice note must be AMR, which the box
 * cannot make, so spoken replies are not sent on WeCom.
 */
import { createHash } from 'node:crypto';
import { FileTooLargeError } from '../read-limited.js';
import type { OutboundFile } from '../types.js';
import { CMD, type WeComSocket } from './wecom-socket.js';

const CHUNK_BYTES = 512 * 1024;
const MAX_CHUNKS = 100;
export const MAX_UPLOAD_BYTES = { image: 10 * 1024 * 1024, file: 20 * 1024 * 1024 } as const;
const MAX_ID_CHARS = 1024;

/** A string field of an ack's body, bounded; undefined when absent or absurd. */
function bodyField(body: unknown, field: string): string | undefined {
  const value =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[field] : undefined;
  return typeof value === 'string' && value !== '' && value.length <= MAX_ID_CHARS ? value : undefined;
}

/** Uploads the file; resolves with its `media_id`. A file over WeCom's limit throws a `FileTooLargeError`. */
export async function uploadMedia(socket: Pick<WeComSocket, 'request'>, file: OutboundFile): Promise<string> {
  const size = file.data.byteLength;
  if (size === 0) throw new Error('WeCom upload: the file is empty');
  if (size > MAX_UPLOAD_BYTES[file.kind]) throw new FileTooLargeError(MAX_UPLOAD_BYTES[file.kind], 'WeCom');
  const chunks = Math.ceil(size / CHUNK_BYTES);
  if (chunks > MAX_CHUNKS) throw new Error('WeCom upload: more chunks than WeCom takes');
  const init = await socket.request(CMD.uploadInit, {
    type: file.kind,
    filename: file.name,
    total_size: size,
    total_chunks: chunks,
    md5: createHash('md5').update(file.data).digest('hex'),
  });
  const uploadId = bodyField(init.body, 'upload_id');
  if (!uploadId) throw new Error('WeCom upload: the answer names no upload_id');
  const data = Buffer.from(file.data.buffer, file.data.byteOffset, size);
  for (let index = 0; index < chunks; index++)
    await socket.request(CMD.uploadChunk, {
      upload_id: uploadId,
      chunk_index: index,
      base64_data: data.subarray(index * CHUNK_BYTES, (index + 1) * CHUNK_BYTES).toString('base64'),
    });
  const finished = await socket.request(CMD.uploadFinish, { upload_id: uploadId });
  const mediaId = bodyField(finished.body, 'media_id');
  if (!mediaId) throw new Error('WeCom upload: the answer names no media_id');
  return mediaId;
}
