/** WeCom's media decryption and file names, on bytes made the way WeCom makes them. */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptMedia, dispositionName } from '../../../src/channels/wecom/wecom-media.js';
import { encryptMedia } from '../../helpers/fake-wecom.js';

describe('WeCom media', () => {
  const key = randomBytes(32);
  const aeskey = key.toString('base64').replace(/=+$/, '');

  it('decrypts AES-256-CBC with the key’s first 16 bytes as IV and 32-byte PKCS#7 padding', () => {
    for (const size of [0, 1, 31, 32, 33, 1000]) {
      const plain = randomBytes(size);
      expect(decryptMedia(encryptMedia(plain, key), aeskey).equals(plain)).toBe(true);
    }
  });

  it('refuses a short key, a partial block, empty data and bad padding', () => {
    const data = encryptMedia(Buffer.from('hello'), key);
    expect(() => decryptMedia(data, randomBytes(16).toString('base64'))).toThrow('not 32 bytes');
    expect(() => decryptMedia(data.subarray(0, 20), aeskey)).toThrow('whole number of AES blocks');
    expect(() => decryptMedia(new Uint8Array(0), aeskey)).toThrow('whole number of AES blocks');
    expect(() => decryptMedia(data, randomBytes(32).toString('base64'))).toThrow('bad padding');
  });

  it('reads the file name of a Content-Disposition, RFC 5987 first', () => {
    expect(
      dispositionName({ 'content-disposition': "attachment; filename*=UTF-8''%E6%8A%A5%E8%A1%A8.txt" }),
    ).toBe('报表.txt');
    expect(dispositionName({ 'content-disposition': 'attachment; filename="a b.pdf"' })).toBe('a b.pdf');
    expect(
      dispositionName({ 'content-disposition': "attachment; filename*=UTF-8''%E0%A4; filename=x.bin" }),
    ).toBe('x.bin');
    expect(dispositionName({})).toBeUndefined();
  });
});
