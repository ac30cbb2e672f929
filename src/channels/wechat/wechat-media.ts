/**
 * Media sent to the bot lives encrypted on WeChat's CDN: AES-128-ECB with PKCS#7 padding, a key
 * per file. The message names where (`full_url`, else `<cdn root>/download?encrypted_query_param=…`)
 * and the key: for images `image_item.aeskey` (32 hex characters) or `media.aes_key`, which is
 * base64 of either the 16 raw bytes or of those 32 hex characters. A `full_url` off WeChat's
 * hosts (`*.weixin.qq.com`, `*.qq.com`) or the configured CDN root's host is not fetched.
 */
import { createDecipheriv } from 'node:crypto';
import { downloadLimited, FileTooLargeError } from '../read-limited.js';

export interface CdnMedia {
  encryptQueryParam?: string;
  fullUrl?: string;
  /** 16 bytes; absent for a file sent in the clear. */
  key?: Buffer;
}

/** The 16-byte key from `aeskey` (hex) or `aes_key` (base64 of raw bytes or of hex); undefined if neither fits. */
export function mediaKey(hexKey: unknown, base64Key: unknown): Buffer | undefined {
  if (typeof hexKey === 'string' && /^[0-9a-fA-F]{32}$/.test(hexKey)) return Buffer.from(hexKey, 'hex');
  if (typeof base64Key !== 'string' || base64Key.length > 64) return undefined;
  const decoded = Buffer.from(base64Key, 'base64');
  if (decoded.length === 16) return decoded;
  const ascii = decoded.toString('latin1');
  return /^[0-9a-fA-F]{32}$/.test(ascii) ? Buffer.from(ascii, 'hex') : undefined;
}

/** `raw` when it is on WeChat's hosts or the configured CDN's (https, or the CDN's own origin). */
export function allowedUrl(raw: string, cdnRoot: string): string | undefined {
  try {
    const url = new URL(raw);
    const host = url.hostname;
    const ours = host === new URL(cdnRoot).hostname || host.endsWith('.qq.com');
    return (url.protocol === 'https:' || url.origin === new URL(cdnRoot).origin) && ours
      ? url.href
      : undefined;
  } catch {
    return undefined;
  }
}

export function mediaUrl(media: CdnMedia, cdnRoot: string): string {
  const full = media.fullUrl ? allowedUrl(media.fullUrl, cdnRoot) : undefined;
  if (full) return full;
  if (!media.encryptQueryParam) throw new Error('the message names no download for this file');
  return `${cdnRoot}/download?encrypted_query_param=${encodeURIComponent(media.encryptQueryParam)}`;
}

/** Downloads and decrypts one file, at most `maxBytes` of plain text (the cipher text may be 16 more). */
export async function downloadMedia(
  media: CdnMedia,
  cdnRoot: string,
  maxBytes: number,
  signal: AbortSignal,
): Promise<Uint8Array> {
  const url = mediaUrl(media, cdnRoot);
  if (!media.key) return downloadLimited(url, { maxBytes, signal });
  const cipher = await downloadLimited(url, { maxBytes: maxBytes + 16, signal });
  try {
    const decipher = createDecipheriv('aes-128-ecb', media.key, null);
    const plain = Buffer.concat([decipher.update(cipher), decipher.final()]);
    if (plain.length > maxBytes) throw new FileTooLargeError(maxBytes);
    return plain;
  } catch (error) {
    if (error instanceof FileTooLargeError) throw error;
    throw new Error('the file could not be decrypted (wrong key or damaged)');
  }
}
