/**
 * Images, files and videos sent to the robot: on the long connection each comes as a URL (valid
 * a few minutes) to a file encrypted with AES-256-CBC under that message's own `aeskey`
 * (base64 of 32 bytes; the IV is the key's first 16 bytes; PKCS#7 padding to a multiple of 32
 * bytes). The download is limited to `maxBytes` (plus one padding block) while it streams, the
 * plain file to `maxBytes`; a key, a length or a padding that does not fit is an error, never a
 * file of garbage. The name comes from the answer's Content-Disposition, else from the kind and
 * the message id (an image's extension from its first bytes).
 */
import { createDecipheriv } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { httpCall } from '../http-call.js';
import { DOWNLOAD_TIMEOUT_MS, FileTooLargeError } from '../read-limited.js';
import type { InboundFile } from '../types.js';
import type { MediaRef } from './wecom-inbound.js';

const BLOCK = 32;

/** The plain bytes of a file WeCom encrypted with `aeskey`; throws on anything that does not fit. */
export function decryptMedia(data: Uint8Array, aeskey: string): Buffer {
  const key = Buffer.from(aeskey, 'base64');
  if (key.length !== 32) throw new Error('WeCom media: the aeskey is not 32 bytes of base64');
  if (data.length === 0 || data.length % 16 !== 0)
    throw new Error('WeCom media: the encrypted file is not a whole number of AES blocks');
  const decipher = createDecipheriv('aes-256-cbc', key, key.subarray(0, 16));
  decipher.setAutoPadding(false);
  const plain = Buffer.concat([decipher.update(data), decipher.final()]);
  const pad = plain[plain.length - 1] ?? 0;
  const padding = plain.subarray(plain.length - pad);
  if (pad < 1 || pad > BLOCK || pad > plain.length || padding.some((byte) => byte !== pad))
    throw new Error('WeCom media: bad padding after decryption (a wrong key or a damaged file)');
  return plain.subarray(0, plain.length - pad);
}

/** The file name an answer's Content-Disposition gives (RFC 5987 first), if any. */
export function dispositionName(headers: IncomingHttpHeaders): string | undefined {
  const header = headers['content-disposition'];
  if (typeof header !== 'string') return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim()).slice(0, 200);
    } catch {
      // not valid percent-encoding: try the plain parameter
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/.exec(header)?.[1]?.trim().slice(0, 200);
}

const IMAGE_MAGIC: [string, number[]][] = [
  ['.png', [0x89, 0x50, 0x4e, 0x47]],
  ['.jpg', [0xff, 0xd8, 0xff]],
  ['.gif', [0x47, 0x49, 0x46, 0x38]],
  ['.webp', [0x52, 0x49, 0x46, 0x46]],
  ['.bmp', [0x42, 0x4d]],
];

function imageExtension(data: Uint8Array): string {
  const found = IMAGE_MAGIC.find(([, magic]) => magic.every((byte, index) => data[index] === byte));
  return found?.[0] ?? '';
}

interface MediaFileOptions {
  msgid: string;
  /** Which part of the message (a mixed message may carry several images). */
  index: number;
  signal: AbortSignal;
  /** Whether a plain http URL is acceptable (the long connection itself is plain ws://). */
  plainAllowed: boolean;
}

/** The file the core saves (download on demand; the name is known once downloaded). */
export function mediaFile(ref: MediaRef, options: MediaFileOptions): InboundFile {
  const suffix = options.index > 0 ? `-${options.index + 1}` : '';
  const file: InboundFile = {
    name: `${ref.kind}-${options.msgid}${suffix}${ref.kind === 'video' ? '.mp4' : ''}`,
    async download(maxBytes) {
      const url = new URL(ref.url);
      if (url.protocol !== 'https:' && !(options.plainAllowed && url.protocol === 'http:'))
        throw new Error(`WeCom media: not an https URL (${url.protocol})`);
      if (!ref.aeskey) throw new Error('WeCom media: the message carries no aeskey');
      const answer = await httpCall(url.href, {
        timeoutMs: DOWNLOAD_TIMEOUT_MS,
        signal: options.signal,
        maxBytes: maxBytes + BLOCK,
        tooLarge: () => new FileTooLargeError(maxBytes),
      });
      if (!answer.ok) throw new Error(`WeCom media download failed: HTTP ${answer.status}`);
      const data = decryptMedia(answer.body, ref.aeskey);
      if (data.length > maxBytes) throw new FileTooLargeError(maxBytes);
      const named = dispositionName(answer.headers);
      if (named) file.name = named;
      else if (ref.kind === 'image') file.name += imageExtension(data);
      return data;
    },
  };
  return file;
}
