/** A spoken reply's WAV as SILK (WeChat, QQ): real encoding by silk-wasm, and WAVs that are refused. */
import { describe, expect, it } from 'vitest';
import { wavPcm, wavToSilk } from '../../../src/media/voice/speech-silk.js';
import { pcmToWav } from '../../../src/media/voice/wav.js';

const tone = (rate: number, seconds: number) => {
  const pcm = Buffer.alloc(rate * seconds * 2);
  for (let i = 0; i < rate * seconds; i++) pcm.writeInt16LE(Math.round(6000 * Math.sin(i / 9)), i * 2);
  return pcm;
};

describe('wavToSilk', () => {
  it('encodes 16-bit mono PCM to Tencent SILK of the same length', async () => {
    const voice = await wavToSilk(pcmToWav(tone(24_000, 2), 24_000));
    expect(Buffer.from(voice.data.subarray(0, 10)).toString('latin1')).toBe('\u0002#!SILK_V3');
    expect(voice.ms).toBeGreaterThanOrEqual(1900);
    expect(voice.ms).toBeLessThanOrEqual(2100);
    expect(voice.sampleRate).toBe(24_000);
  });

  it('takes a streamed WAV whose data size says 0xFFFFFFFF, and skips chunks before the samples', () => {
    const wav = pcmToWav(tone(16_000, 1), 16_000);
    wav.writeUInt32LE(0xffffffff, 40);
    const read = wavPcm(wav);
    expect('pcm' in read && read.pcm.byteLength).toBe(32_000);
    const list = Buffer.concat([Buffer.from('LIST'), Buffer.from([3, 0, 0, 0]), Buffer.from('abc\0')]);
    const withList = Buffer.concat([wav.subarray(0, 36), list, wav.subarray(36)]);
    const listed = wavPcm(withList);
    expect('pcm' in listed && listed.rate).toBe(16_000);
  });

  it('refuses what is not 16-bit mono PCM at a SILK rate, or is cut off', async () => {
    const good = pcmToWav(tone(24_000, 1), 24_000);
    const edit = (at: number, value: number, bytes = 2) => {
      const copy = Buffer.from(good);
      if (bytes === 2) copy.writeUInt16LE(value, at);
      else copy.writeUInt32LE(value, at);
      return copy;
    };
    const cases: [Uint8Array, RegExp][] = [
      [Buffer.from('not a wav at all'), /not a WAV/],
      [Buffer.alloc(0), /not a WAV/],
      [good.subarray(0, 30), /cut off/],
      [good.subarray(0, 44), /no samples/],
      [edit(22, 2), /2 channels/],
      [edit(34, 8), /16-bit PCM/],
      [edit(20, 3), /16-bit PCM/],
      [edit(24, 11_025, 4), /11025 Hz/],
      [Buffer.concat([good.subarray(0, 12), good.subarray(36)]), /no format/],
    ];
    for (const [wav] of cases) expect(() => wavPcm(wav)).not.toThrow();
    for (const [wav, why] of cases) await expect(wavToSilk(wav)).rejects.toThrow(why);
    // A chunk whose size points past the end ends the walk, not a read out of bounds.
    const runaway = Buffer.concat([
      good.subarray(0, 12),
      Buffer.from('junk'),
      Buffer.from([255, 255, 255, 127]),
    ]);
    expect(wavPcm(runaway)).toEqual({ error: 'the WAV has no samples' });
  });
});
