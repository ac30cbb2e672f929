/**
 * A spoken reply as SILK, what WeChat and QQ play as a voice note: the speech service's WAV (16-bit
 * PCM, mono) encoded by silk-wasm (Tencent's encoder in WebAssembly). The WAV is an outside
 * service's answer, read as hostile input: its chunks are walked within the bytes there are, a
 * `data` size larger than what follows (a streamed WAV says 0xFFFFFFFF) is cut to what follows, and
 * anything but 16-bit mono PCM at a rate SILK takes is refused.
 */

/** Rates silk-wasm's encoder takes. */
const RATES = new Set([8000, 12_000, 16_000, 24_000, 32_000, 44_100, 48_000]);
/** The header of a chunk: its id and its size. */
const CHUNK_HEADER = 8;
/** Chunks walked before `data` (a WAV has two or three). */
const MAX_CHUNKS = 64;

export interface SilkVoice {
  /** Tencent's SILK (`0x02#!SILK_V3…`). */
  data: Uint8Array;
  ms: number;
  sampleRate: number;
}

/** The PCM samples and their rate, or why the WAV is not one SILK can be made of. */
export function wavPcm(wav: Uint8Array): { pcm: Uint8Array; rate: number } | { error: string } {
  const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
  const id = (at: number) => String.fromCharCode(...wav.subarray(at, at + 4));
  if (wav.byteLength < 12 || id(0) !== 'RIFF' || id(8) !== 'WAVE') return { error: 'not a WAV file' };
  let at = 12;
  let rate = 0;
  for (let n = 0; n < MAX_CHUNKS && at + CHUNK_HEADER <= wav.byteLength; n++) {
    const name = id(at);
    const size = view.getUint32(at + 4, true);
    const body = at + CHUNK_HEADER;
    if (name === 'fmt ') {
      if (size < 16 || body + 16 > wav.byteLength) return { error: 'the WAV format chunk is cut off' };
      const code = view.getUint16(body, true);
      const channels = view.getUint16(body + 2, true);
      const bits = view.getUint16(body + 14, true);
      rate = view.getUint32(body + 4, true);
      if ((code !== 1 && code !== 0xfffe) || bits !== 16) return { error: 'the WAV is not 16-bit PCM' };
      if (channels !== 1) return { error: `the WAV has ${channels} channels, not one` };
      if (!RATES.has(rate)) return { error: `SILK cannot take ${rate} Hz` };
    } else if (name === 'data') {
      if (rate === 0) return { error: 'the WAV has no format before its samples' };
      const end = Math.min(wav.byteLength, body + size);
      const length = (end - body) & ~1;
      if (length <= 0) return { error: 'the WAV has no samples' };
      return { pcm: wav.subarray(body, body + length), rate };
    }
    at = body + size + (size & 1);
  }
  return { error: 'the WAV has no samples' };
}

/** Encodes a WAV answer as SILK; throws an Error saying why it cannot. */
export async function wavToSilk(wav: Uint8Array): Promise<SilkVoice> {
  const read = wavPcm(wav);
  if ('error' in read) throw new Error(read.error);
  const silk = await import('silk-wasm');
  const { data, duration } = await silk.encode(read.pcm, read.rate);
  if (data.byteLength === 0) throw new Error('the SILK encoder gave nothing');
  return { data, ms: Math.round(duration), sampleRate: read.rate };
}
