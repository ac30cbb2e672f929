/**
 * SILK (WeChat and QQ voice, `#!SILK_V3`, WeChat's with a 0x02 byte before it) to 16 kHz PCM with
 * silk-wasm (Tencent's decoder compiled to WebAssembly: no native build, no download). Its length
 * is read from the frame headers first, so a note over the limit is never decoded; the decoder
 * runs in WebAssembly's own memory, over input already size-limited by the caller.
 */

import { VoiceError } from './voice-error.js';
import { SPEECH_RATE } from './wav.js';

/** SILK frames of WeChat and QQ are 20 ms each. */
const FRAME_MS = 20;

/** The decoder reads Tencent's form only: a file without the 0x02 byte gets one. */
function tencentForm(bytes: Uint8Array): Uint8Array {
  if (bytes[0] === 0x02) return bytes;
  const withByte = new Uint8Array(bytes.byteLength + 1);
  withByte[0] = 0x02;
  withByte.set(bytes, 1);
  return withByte;
}

export async function decodeSilk(file: Uint8Array, maxSeconds: number): Promise<Uint8Array> {
  const silk = await import('silk-wasm');
  const bytes = tencentForm(file);
  let ms: number;
  try {
    ms = silk.getDuration(bytes, FRAME_MS);
  } catch {
    throw new VoiceError({ reason: 'unreadable', detail: 'SILK frames cut off' });
  }
  if (ms / 1000 > maxSeconds)
    throw new VoiceError({ reason: 'too_long', seconds: Math.round(ms / 1000), maxSeconds });
  try {
    const { data } = await silk.decode(bytes, SPEECH_RATE);
    if (data.byteLength === 0) throw new Error('no samples');
    return data;
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new VoiceError({ reason: 'unreadable', detail: `SILK: ${detail.slice(0, 120)}` });
  }
}
