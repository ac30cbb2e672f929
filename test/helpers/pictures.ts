/** Pictures made by sharp for tests: a photo with EXIF, a decompression bomb, a truncated file; a picture's size. */
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

/** A PNG of one colour, tiny on disk and `side`² pixels once decoded. */
export async function bombPng(side: number): Promise<Buffer> {
  return sharp({ create: { width: side, height: side, channels: 3, background: '#000' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
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
