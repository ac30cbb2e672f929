/**
 * Media the bot sends goes to WeChat's CDN first, encrypted, as the official plugin does it
 * (`@tencent-weixin/openclaw-weixin`, src/cdn/upload.ts and src/messaging/send.ts):
 * 1. `getuploadurl` with a random `filekey` (16 bytes, hex), `media_type` (1 image, 2 video, 3 file,
 *    4 voice), `to_user_id`, `rawsize` and `rawfilemd5` of the plain bytes, `filesize` of the cipher
 *    text, `no_need_thumb: true` and the file's own AES-128 key as 32 hex characters (`aeskey`);
 *    it answers `upload_full_url`, or `upload_param` for `<cdn>/upload?encrypted_query_param=…&filekey=…`;
 * 2. a POST of the AES-128-ECB (PKCS#7) cipher text there, answered by the header
 *    `x-encrypted-param`: the download parameter the message names;
 * 3. the `sendmessage` item names it as `media` (`encrypt_query_param`, `aes_key` = base64 of the
 *    key's hex text, `encrypt_type: 1`).
 * An `upload_full_url` off WeChat's hosts (`*.qq.com`) or the configured CDN is not used.
 */
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { httpCall } from '../http-call.js';
import { allowedUrl } from './wechat-media.js';

export const UPLOAD_MEDIA_TYPE = { image: 1, video: 2, file: 3, voice: 4 } as const;

/** A file put on the CDN, as a message item names it. */
export interface UploadedMedia {
  media: { encrypt_query_param: string; aes_key: string; encrypt_type: 1 };
  /** Bytes of the plain file and of its cipher text. */
  rawSize: number;
  cipherSize: number;
}

/** Posts `getuploadurl` (the transport's call: its login, its expiry handling). */
export type UploadCall = (name: string, body: Record<string, unknown>) => Promise<Record<string, unknown>>;

const UPLOAD_TIMEOUT_MS = 120_000;
const MAX_PARAM_CHARS = 4096;

export async function uploadMedia(options: {
  call: UploadCall;
  cdnRoot: string;
  toUserId: string;
  data: Uint8Array;
  kind: keyof typeof UPLOAD_MEDIA_TYPE;
  signal: AbortSignal;
}): Promise<UploadedMedia> {
  const key = randomBytes(16);
  const filekey = randomBytes(16).toString('hex');
  const cipher = createCipheriv('aes-128-ecb', key, null);
  const encrypted = Buffer.concat([cipher.update(options.data), cipher.final()]);
  const answer = await options.call('getuploadurl', {
    filekey,
    media_type: UPLOAD_MEDIA_TYPE[options.kind],
    to_user_id: options.toUserId,
    rawsize: options.data.byteLength,
    rawfilemd5: createHash('md5').update(options.data).digest('hex'),
    filesize: encrypted.length,
    no_need_thumb: true,
    aeskey: key.toString('hex'),
  });
  const full = typeof answer.upload_full_url === 'string' ? answer.upload_full_url.trim() : '';
  const param = typeof answer.upload_param === 'string' ? answer.upload_param : '';
  let url: string | undefined;
  if (full) {
    url = allowedUrl(full, options.cdnRoot);
    if (!url) throw new Error('WeChat getuploadurl: the upload address is not one of WeChat’s');
  } else if (param && param.length <= MAX_PARAM_CHARS)
    url = `${options.cdnRoot}/upload?encrypted_query_param=${encodeURIComponent(param)}&filekey=${filekey}`;
  else throw new Error('WeChat getuploadurl: the answer names no upload address');
  const posted = await httpCall(url, {
    method: 'POST',
    body: { data: encrypted, type: 'application/octet-stream' },
    timeoutMs: UPLOAD_TIMEOUT_MS,
    signal: options.signal,
    maxBytes: 64 * 1024,
  });
  if (!posted.ok) {
    const why = String(posted.headers['x-error-message'] ?? '').slice(0, 200);
    throw Object.assign(new Error(`WeChat CDN upload: HTTP ${posted.status}${why ? `: ${why}` : ''}`), {
      status: posted.status,
    });
  }
  const download = posted.headers['x-encrypted-param'];
  if (typeof download !== 'string' || download === '' || download.length > MAX_PARAM_CHARS)
    throw new Error('WeChat CDN upload: the answer names no download parameter');
  return {
    media: {
      encrypt_query_param: download,
      aes_key: Buffer.from(key.toString('hex')).toString('base64'),
      encrypt_type: 1,
    },
    rawSize: options.data.byteLength,
    cipherSize: encrypted.length,
  };
}
