/** 16-bit mono PCM as a WAV file (the 44-byte RIFF header every transcription server reads). */

/** What voice is converted to: what speech recognisers are trained on, 32 KB per second. */
export const SPEECH_RATE = 16_000;
export const SPEECH_BYTES_PER_SECOND = SPEECH_RATE * 2;

export function pcmToWav(pcm: Uint8Array, sampleRate = SPEECH_RATE): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + pcm.byteLength, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28); // bytes per second
  header.writeUInt16LE(2, 32); // bytes per frame
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(pcm.byteLength, 40);
  return Buffer.concat([header, pcm]);
}
