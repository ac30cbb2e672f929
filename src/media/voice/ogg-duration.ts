/**
 * The length of Opus audio in Ogg, from its pages: the last page's granule position (48 kHz
 * samples) less the pre-skip of the `OpusHead` header. For vendors whose voice upload wants a
 * duration (Feishu/Lark); undefined when the bytes are not Ogg Opus.
 */
const OPUS_RATE = 48_000;

export function oggOpusMs(audio: Uint8Array): number | undefined {
  const bytes = Buffer.from(audio.buffer, audio.byteOffset, audio.byteLength);
  if (bytes.length < 47 || bytes.toString('latin1', 0, 4) !== 'OggS') return undefined;
  const head = 27 + (bytes[26] ?? 0); // the first packet, after the segment table
  if (bytes.toString('latin1', head, head + 8) !== 'OpusHead' || bytes.length < head + 12) return undefined;
  const preSkip = bytes.readUInt16LE(head + 10);
  const last = bytes.lastIndexOf('OggS');
  if (last < 0 || last + 14 > bytes.length) return undefined;
  const granule = Number(bytes.readBigInt64LE(last + 6));
  if (!Number.isFinite(granule) || granule <= preSkip) return undefined;
  return Math.round(((granule - preSkip) / OPUS_RATE) * 1000);
}
