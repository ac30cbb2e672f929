/** Audio told by its first bytes, never by its name. */
import { describe, expect, it } from 'vitest';
import { audioFormatOf } from '../../../src/media/voice/audio-format.js';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('audioFormatOf', () => {
  it('knows each container a chat sends', () => {
    expect(audioFormatOf(bytes('OggS', [0, 2]))).toBe('ogg');
    expect(audioFormatOf(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f]))).toBe('webm');
    expect(audioFormatOf(bytes([0x02], '#!SILK_V3'))).toBe('silk');
    expect(audioFormatOf(bytes('#!SILK_V3'))).toBe('silk');
    expect(audioFormatOf(bytes('#!AMR\n'))).toBe('amr');
    expect(audioFormatOf(bytes('#!AMR-WB\n'))).toBe('amr');
    expect(audioFormatOf(bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt '))).toBe('wav');
    expect(audioFormatOf(bytes([0, 0, 0, 0x20], 'ftypM4A '))).toBe('m4a');
    expect(audioFormatOf(bytes('fLaC'))).toBe('flac');
    expect(audioFormatOf(bytes('ID3', [4, 0]))).toBe('mp3');
    expect(audioFormatOf(bytes([0xff, 0xfb, 0x90]))).toBe('mp3');
    expect(audioFormatOf(bytes([0xff, 0xf1, 0x50]))).toBe('aac');
  });

  it('takes nothing else: text, images, a RIFF that is not WAVE, short or empty input', () => {
    expect(audioFormatOf(bytes('#EXTM3U\nhttp://x'))).toBeUndefined();
    expect(audioFormatOf(bytes('ffconcat version 1.0'))).toBeUndefined();
    expect(audioFormatOf(bytes([0x89], 'PNG\r\n'))).toBeUndefined();
    expect(audioFormatOf(bytes('RIFF', [1, 2, 3, 4], 'AVI '))).toBeUndefined();
    expect(audioFormatOf(bytes('Ogg'))).toBeUndefined();
    expect(audioFormatOf(new Uint8Array())).toBeUndefined();
  });
});
