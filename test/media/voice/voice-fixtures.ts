/**
 * Real audio made for the voice tests: ffmpeg encodes a spoken-band tone (lavfi `sine`) to each
 * container a chat sends; SILK is encoded by silk-wasm from ffmpeg's PCM; AMR-NB (which Debian's
 * ffmpeg decodes but cannot encode) is written frame by frame in its storage format. The same
 * encoding of the same length is made once per worker and written again from memory.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const lavfi = (seconds: number) => [
  '-f',
  'lavfi',
  '-i',
  `sine=frequency=440:sample_rate=48000:duration=${seconds}`,
];
const quiet = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'];

const made = new Map<string, Buffer | Promise<Buffer>>();

/** What `make` returns for `key`, made once: the same arguments give the same bytes. */
function once<T extends Buffer | Promise<Buffer>>(key: string, make: () => T): T {
  if (!made.has(key)) made.set(key, make());
  return made.get(key) as T;
}

const ENCODINGS = {
  'ogg-opus': ['-ac', '1', '-c:a', 'libopus', '-b:a', '24k', '-f', 'ogg'],
  mp3: ['-ac', '1', '-c:a', 'libmp3lame', '-b:a', '32k', '-f', 'mp3'],
  m4a: ['-ac', '1', '-c:a', 'aac', '-b:a', '32k', '-f', 'mp4'],
  wav: ['-ac', '2', '-ar', '44100', '-c:a', 'pcm_s16le', '-f', 'wav'],
  flac: ['-ac', '1', '-c:a', 'flac', '-f', 'flac'],
} as const;

export type Encoding = keyof typeof ENCODINGS;

/** `seconds` of tone encoded as `encoding`, written to `dir/name`; returns the path. */
export function encodeTone(dir: string, name: string, encoding: Encoding, seconds: number): string {
  const path = join(dir, name);
  const args = [...quiet, ...lavfi(seconds), ...ENCODINGS[encoding]];
  // Written by ffmpeg to a file, not a pipe: MP4 and WAV go back to fill in their lengths.
  const bytes = once(args.join(' '), () => {
    execFileSync('ffmpeg', [...args, path]);
    return readFileSync(path);
  });
  writeFileSync(path, bytes);
  return path;
}

/**
 * WebM/Opus as a browser's MediaRecorder writes it: streamed, so the container has no duration
 * (ffmpeg writing to a pipe cannot go back to fill it in).
 */
export function recorderWebm(dir: string, name: string, seconds: number): string {
  const path = join(dir, name);
  const data = once(`webm ${seconds}`, () =>
    execFileSync('ffmpeg', [
      ...quiet,
      ...lavfi(seconds),
      '-ac',
      '1',
      '-c:a',
      'libopus',
      '-f',
      'webm',
      'pipe:1',
    ]),
  );
  writeFileSync(path, data);
  return path;
}

/** AMR-NB storage format: the `#!AMR\n` magic, then 50 frames a second of 12.2 kb/s (mode 7). */
export function amrNb(dir: string, name: string, seconds: number): string {
  const frames: Buffer[] = [Buffer.from('#!AMR\n', 'ascii')];
  let seed = 7;
  for (let n = 0; n < seconds * 50; n++) {
    const frame = Buffer.alloc(32);
    frame[0] = (7 << 3) | 0x04; // mode 7, quality bit
    for (let i = 1; i < 32; i++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      frame[i] = seed >>> 24;
    }
    frames.push(frame);
  }
  const path = join(dir, name);
  writeFileSync(path, Buffer.concat(frames));
  return path;
}

/** A WeChat-style SILK voice note (`0x02` + `#!SILK_V3`), encoded by silk-wasm. */
export async function silkNote(dir: string, name: string, seconds: number, wechat = true): Promise<string> {
  const bytes = await once(`silk ${seconds}`, async () => {
    const pcm = execFileSync('ffmpeg', [
      ...quiet,
      ...lavfi(seconds),
      '-ac',
      '1',
      '-ar',
      '24000',
      '-f',
      's16le',
      'pipe:1',
    ]);
    const { encode } = await import('silk-wasm');
    return Buffer.from((await encode(pcm, 24_000)).data);
  });
  const path = join(dir, name);
  // silk-wasm writes Tencent's form (with the 0x02 byte); QQ's has none.
  writeFileSync(path, wechat || bytes[0] !== 0x02 ? bytes : bytes.subarray(1));
  return path;
}

/** Samples in a 16 kHz mono 16-bit WAV (after its 44-byte header), and the header's facts. */
export function wavFacts(wav: Buffer): { rate: number; channels: number; bits: number; seconds: number } {
  return {
    channels: wav.readUInt16LE(22),
    rate: wav.readUInt32LE(24),
    bits: wav.readUInt16LE(34),
    seconds: wav.readUInt32LE(40) / (wav.readUInt32LE(24) * 2),
  };
}
