import { describe, expect, it } from 'vitest';
import { sniffMedia } from '../../src/media/media-kind.js';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('sniffMedia', () => {
  it('tells pictures and audio by their first bytes', () => {
    expect(sniffMedia(bytes([0xff, 0xd8, 0xff, 0xe0]))).toEqual({ kind: 'image', mime: 'image/jpeg' });
    expect(sniffMedia(bytes([0x89], 'PNG\r\n\x1a\n'))).toEqual({ kind: 'image', mime: 'image/png' });
    expect(sniffMedia(bytes('GIF89a'))).toMatchObject({ kind: 'image', mime: 'image/gif' });
    expect(sniffMedia(bytes('RIFF\0\0\0\0WEBPVP8 '))).toMatchObject({ mime: 'image/webp' });
    expect(sniffMedia(bytes('\0\0\0\x1cftypavif'))).toMatchObject({ mime: 'image/avif' });
    expect(sniffMedia(bytes('OggS\0'))).toEqual({ kind: 'audio', mime: 'audio/ogg' });
    expect(sniffMedia(bytes('RIFF\0\0\0\0WAVEfmt '))).toMatchObject({ mime: 'audio/wav' });
    expect(sniffMedia(bytes('#!AMR\n'))).toMatchObject({ mime: 'audio/amr' });
    expect(sniffMedia(bytes([0x02], '#!SILK_V3'))).toMatchObject({ mime: 'audio/silk' });
    expect(sniffMedia(bytes([0x1a, 0x45, 0xdf, 0xa3]))).toMatchObject({ kind: 'audio', mime: 'audio/webm' });
  });

  it('calls anything else a file, whatever it might be named', () => {
    expect(sniffMedia(bytes('%PDF-1.7'))).toEqual({ kind: 'file', mime: 'application/octet-stream' });
    expect(sniffMedia(bytes('just text'))).toMatchObject({ kind: 'file' });
    expect(sniffMedia(new Uint8Array())).toMatchObject({ kind: 'file' });
    expect(sniffMedia(bytes([0x89], 'PN'))).toMatchObject({ kind: 'file' }); // cut before the signature ends
  });
});
