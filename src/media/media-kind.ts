/**
 * What a received file is, told by its first bytes (magic numbers), never by its name or the
 * sender's word: `image` (a format the picture code decodes), `audio` (handed to the voice seam),
 * otherwise `file`.
 */
export type MediaKind = 'image' | 'audio' | 'file';

export interface Sniffed {
  kind: MediaKind;
  /** The MIME type the bytes say (`application/octet-stream` for `file`). */
  mime: string;
}

const ascii = (data: Uint8Array, at: number, text: string) =>
  data.length >= at + text.length && [...text].every((ch, i) => data[at + i] === ch.charCodeAt(0));

const bytes = (data: Uint8Array, at: number, values: readonly number[]) =>
  data.length >= at + values.length && values.every((v, i) => data[at + i] === v);

/** ISO base media files (`ftyp` box): which brand says picture, which says audio. */
function isoBrand(data: Uint8Array): Sniffed | undefined {
  if (!ascii(data, 4, 'ftyp')) return undefined;
  const brand = String.fromCharCode(...data.subarray(8, 12));
  if (brand === 'avif' || brand === 'avis') return { kind: 'image', mime: 'image/avif' };
  if (brand === 'M4A ' || brand === 'M4B ') return { kind: 'audio', mime: 'audio/mp4' };
  return undefined;
}

export function sniffMedia(data: Uint8Array): Sniffed {
  if (bytes(data, 0, [0xff, 0xd8, 0xff])) return { kind: 'image', mime: 'image/jpeg' };
  if (bytes(data, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { kind: 'image', mime: 'image/png' };
  if (ascii(data, 0, 'GIF87a') || ascii(data, 0, 'GIF89a')) return { kind: 'image', mime: 'image/gif' };
  if (ascii(data, 0, 'RIFF') && ascii(data, 8, 'WEBP')) return { kind: 'image', mime: 'image/webp' };
  if (bytes(data, 0, [0x49, 0x49, 0x2a, 0x00]) || bytes(data, 0, [0x4d, 0x4d, 0x00, 0x2a]))
    return { kind: 'image', mime: 'image/tiff' };
  const iso = isoBrand(data);
  if (iso) return iso;
  if (ascii(data, 0, 'OggS')) return { kind: 'audio', mime: 'audio/ogg' };
  if (ascii(data, 0, 'RIFF') && ascii(data, 8, 'WAVE')) return { kind: 'audio', mime: 'audio/wav' };
  if (ascii(data, 0, 'fLaC')) return { kind: 'audio', mime: 'audio/flac' };
  if (ascii(data, 0, 'ID3') || (data.length > 1 && data[0] === 0xff && ((data[1] ?? 0) & 0xe0) === 0xe0))
    return { kind: 'audio', mime: 'audio/mpeg' };
  if (ascii(data, 0, '#!AMR')) return { kind: 'audio', mime: 'audio/amr' };
  if (ascii(data, 0, '#!SILK_V3') || ascii(data, 1, '#!SILK_V3'))
    return { kind: 'audio', mime: 'audio/silk' };
  // Matroska/WebM: what a browser's MediaRecorder makes of a press-to-talk recording.
  if (bytes(data, 0, [0x1a, 0x45, 0xdf, 0xa3])) return { kind: 'audio', mime: 'audio/webm' };
  return { kind: 'file', mime: 'application/octet-stream' };
}
