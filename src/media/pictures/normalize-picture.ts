/**
 * A received picture made safe and small for a model: decoded by sharp (libvips) with a cap on
 * its pixels and a time limit, turned upright by its EXIF orientation, shrunk so its long side is
 * at most `maxPx`, flattened onto white and re-encoded as JPEG. The output carries no metadata
 * (sharp writes none unless asked): EXIF, GPS and ICC names never leave the box. A decompression
 * bomb, a truncated or damaged file or bytes that are no picture are refused with `PictureError`.
 */
import type { Sharp } from 'sharp';
import { loadOnce } from '../../util/load-once.js';

/** Above this many pixels a picture is not decoded at all (a 7,000 × 7,000 photo fits). */
export const MAX_INPUT_PIXELS = 50_000_000;
/** libvips stops a decode or encode running longer than this. */
export const DECODE_TIMEOUT_S = 10;
const JPEG_QUALITY = 85;

export class PictureError extends Error {
  constructor(
    readonly reason: 'too_many_pixels' | 'undecodable' | 'timeout',
    message: string,
  ) {
    super(message);
    this.name = 'PictureError';
  }
}

export interface NormalizedPicture {
  /** JPEG bytes. */
  data: Buffer;
  mime: 'image/jpeg';
  width: number;
  height: number;
}

// sharp loads a native library of ~20 MB: only when the first picture comes.
const loadSharp = loadOnce(async () => {
  const before = process.env.VIPSHOME;
  const sharp = (await import('sharp')).default;
  // libvips sets VIPSHOME when it starts (it reads it only then): the commands the box runs later
  // inherit the environment they had before.
  if (before === undefined) delete process.env.VIPSHOME;
  // A small box: one libvips thread per picture, no cache of decoded images between calls.
  sharp.cache(false);
  sharp.concurrency(1);
  return sharp;
});

function reasonOf(error: unknown): PictureError {
  const text = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(text)) return new PictureError('too_many_pixels', text);
  if (/timeout/i.test(text)) return new PictureError('timeout', text);
  return new PictureError('undecodable', text);
}

export async function normalizePicture(input: Uint8Array, maxPx: number): Promise<NormalizedPicture> {
  const sharp = await loadSharp.load();
  let pipeline: Sharp;
  try {
    pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning', pages: 1 })
      .timeout({ seconds: DECODE_TIMEOUT_S })
      .autoOrient()
      .resize({ width: maxPx, height: maxPx, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: JPEG_QUALITY });
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { data, mime: 'image/jpeg', width: info.width, height: info.height };
  } catch (error) {
    throw reasonOf(error);
  }
}
