/** Pictures for tests: a photo with EXIF (sharp), a decompression bomb (by hand), a truncated file; a picture's size. */
import { crc32, deflateSync } from 'node:zlib';

const vipsHome = process.env.VIPSHOME;
const sharp = (await import('sharp')).default;
// libvips sets VIPSHOME as it starts; the leak guard wants the environment as it was.
if (vipsHome === undefined) delete process.env.VIPSHOME;

/** A JPEG of `width` × `height` with camera EXIF (a copyright and an artist that must not leave the box). */
export async function photoWithExif(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3a6ea5' } })
    .jpeg({ quality: 80 })
    .withExif({ IFD0: { Copyright: 'SECRET-EXIF-OWNER', Artist: 'SECRET-EXIF-OWNER' } })
    .toBuffer();
}

/**
 * A PNG of one colour, tiny on disk and `side`² pixels once decoded: black, 1-bit greyscale,
 * written chunk by chunk (sharp would spend seconds encoding that many pixels in full colour).
 */
export async function bombPng(side: number): Promise<Buffer> {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  // Each row: filter byte 0, then side bits of 0 (black).
  const rows = Buffer.alloc(side * (1 + Math.ceil(side / 8)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The size and metadata of a `data:image/jpeg;base64,…` URL's picture. */
export async function dataUrlPicture(url: string) {
  const match = /^data:image\/jpeg;base64,(.+)$/.exec(url);
  if (!match?.[1]) throw new Error(`not a JPEG data URL: ${url.slice(0, 40)}`);
  const bytes = Buffer.from(match[1], 'base64');
  return { bytes, meta: await sharp(bytes).metadata() };
}

/** A GIF of `width` × `height` (one colour). */
export async function gif(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#a5563a' } })
    .gif()
    .toBuffer();
}

/** A picture's format and size as a decoder reads its header; undefined when it is no picture. */
export async function pictureSize(
  bytes: Buffer,
): Promise<{ format: string; width: number; height: number } | undefined> {
  try {
    const { format, width, height } = await sharp(bytes).metadata();
    return format && width && height ? { format, width, height } : undefined;
  } catch {
    return undefined;
  }
}
