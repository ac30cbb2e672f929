/** The WeChat channel's pure pieces: Markdown to plain text, the QR matrix, media keys, uint64 ids. */
import { describe, expect, it } from 'vitest';
import { qrMatrix } from '../../../src/channels/wechat/qr-matrix.js';
import { parseAnswer } from '../../../src/channels/wechat/wechat-api.js';
import { mediaKey, mediaUrl } from '../../../src/channels/wechat/wechat-media.js';
import { plainText } from '../../../src/channels/wechat/wechat-plain-text.js';

describe('WeChat pieces', () => {
  it('reduces Markdown to what WeChat shows, keeping code exactly', () => {
    const md =
      '# Title\n\n- **bold** and *it* and `code`\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```sh\nrm -rf *build*\n```\n[x](https://a.b) ~~old~~ snake_case_name';
    expect(plainText(md)).toBe(
      'Title\n\n• bold and it and code\n| a | b |\n| 1 | 2 |\n\nrm -rf *build*\nx (https://a.b) old snake_case_name',
    );
  });

  it('draws a QR code of the right size with its three finder patterns', () => {
    const m = qrMatrix('https://liteapp.weixin.qq.com/q/7GiQu1?qrcode=0123456789abcdef&bot_type=3');
    expect(m.length).toBe(37); // version 5 at level M
    for (const [x, y] of [
      [0, 0],
      [m.length - 7, 0],
      [0, m.length - 7],
    ] as const) {
      expect(m[y]?.slice(x, x + 7)).toEqual(Array(7).fill(true));
      expect(m[y + 1]?.slice(x, x + 7)).toEqual([true, false, false, false, false, false, true]);
    }
    expect(() => qrMatrix('x'.repeat(413))).toThrow(/at most 412 bytes/);
  });

  it('reads the three key encodings and refuses anything else; a full URL off WeChat is not fetched', () => {
    const raw = Buffer.from('00112233445566778899aabbccddeeff', 'hex');
    expect(mediaKey('00112233445566778899aabbccddeeff', undefined)).toEqual(raw);
    expect(mediaKey(undefined, raw.toString('base64'))).toEqual(raw);
    expect(mediaKey(undefined, Buffer.from(raw.toString('hex')).toString('base64'))).toEqual(raw);
    expect(mediaKey('xyz', Buffer.from('short').toString('base64'))).toBeUndefined();
    const cdn = 'https://novac2c.cdn.weixin.qq.com/c2c';
    expect(mediaUrl({ fullUrl: 'https://evil.example/x', encryptQueryParam: 'p q' }, cdn)).toBe(
      `${cdn}/download?encrypted_query_param=p%20q`,
    );
    expect(mediaUrl({ fullUrl: 'https://x.cdn.weixin.qq.com/d?a=1' }, cdn)).toBe(
      'https://x.cdn.weixin.qq.com/d?a=1',
    );
    expect(() => mediaUrl({ fullUrl: 'http://x.weixin.qq.com/d' }, cdn)).toThrow(/no download/);
  });

  it('keeps uint64 message ids exact, and leaves text that merely names them alone', () => {
    const parsed = parseAnswer(
      '{"msgs":[{"message_id": 7000000000000000123,"text":"\\"message_id\\":1"}]}',
    ) as {
      msgs: { message_id: string; text: string }[];
    };
    expect(parsed.msgs[0]).toEqual({ message_id: '7000000000000000123', text: '"message_id":1' });
  });
});
