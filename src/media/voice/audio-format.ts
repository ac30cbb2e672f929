/**
 * What kind of audio a file is, from its first bytes (never its name): the container and the
 * ffmpeg demuxer that reads it. ffmpeg is always told the demuxer, so a hostile file cannot pick
 * one of its own (a playlist or concat list naming other files, an image sequence).
 */
import { lstat, open } from 'node:fs/promises';

export type AudioFormat = 'ogg' | 'webm' | 'silk' | 'amr' | 'mp3' | 'aac' | 'wav' | 'm4a' | 'flac';

/** ffmpeg's demuxer per format (SILK is not ffmpeg's: silk-decode.ts). */
export const DEMUXERS: Readonly<Record<Exclude<AudioFormat, 'silk'>, string>> = {
  ogg: 'ogg',
  webm: 'matroska',
  amr: 'amr',
  mp3: 'mp3',
  aac: 'aac',
  wav: 'wav',
  m4a: 'mov',
  flac: 'flac',
};

/** Bytes read to tell the format. */
export const SNIFF_BYTES = 16;

const ascii = (bytes: Uint8Array, at: number, text: string) =>
  bytes.length >= at + text.length && [...text].every((c, i) => bytes[at + i] === c.charCodeAt(0));

/** The format of audio starting with `head`, or undefined when it is none this box reads. */
export function audioFormatOf(head: Uint8Array): AudioFormat | undefined {
  if (ascii(head, 0, 'OggS')) return 'ogg';
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return 'webm';
  // WeChat's files have one byte (0x02) before the magic.
  if (ascii(head, 0, '#!SILK') || (head[0] === 0x02 && ascii(head, 1, '#!SILK'))) return 'silk';
  if (ascii(head, 0, '#!AMR')) return 'amr';
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE')) return 'wav';
  if (ascii(head, 4, 'ftyp')) return 'm4a';
  if (ascii(head, 0, 'fLaC')) return 'flac';
  if (ascii(head, 0, 'ID3')) return 'mp3';
  const first = head[0] ?? 0;
  const second = head[1] ?? 0;
  if (first === 0xff && (second & 0xe0) === 0xe0) {
    // Frame sync: layer bits 00 are ADTS (AAC), anything else MPEG audio.
    return (second & 0x06) === 0 ? 'aac' : 'mp3';
  }
  return undefined;
}

/** The format of the file at `path` (a regular file), or undefined. */
export async function audioFormatOfFile(path: string): Promise<AudioFormat | undefined> {
  const handle = await open(path, 'r');
  try {
    const head = new Uint8Array(SNIFF_BYTES);
    const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
    return audioFormatOf(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

/** The format of a saved file when it is audio this box reads (a regular file only), else undefined. */
export async function voiceFormatOf(path: string): Promise<AudioFormat | undefined> {
  try {
    const info = await lstat(path);
    return info.isFile() && info.size > 0 ? await audioFormatOfFile(path) : undefined;
  } catch {
    return undefined;
  }
}
