import { constants, deflateRawSync } from 'node:zlib';

/**
 * Minimal zip writer for tests (stored or deflated entries), so archives are built without a
 * `zip` binary. `declaredSize` lets a test lie about an entry's size (a zip bomb).
 */
export interface ZipEntry {
  name: string;
  data?: Buffer;
  deflate?: boolean;
  /** Unix mode with file type bits (0o120777 = symlink). */
  mode?: number;
  declaredSize?: number;
  /** A raw deflate body made elsewhere (see deflatedZeros); the entry is deflated, `declaredSize` its size. */
  packed?: Buffer;
}

/**
 * A raw deflate stream of `mib` MiB of zeros, made without deflating them: one MiB's blocks
 * (sync-flushed, so they end on a byte boundary and are not final) repeated, then a final empty
 * block. About 1 KiB per MiB: a 3 MB zip holds ~3 GiB.
 */
export function deflatedZeros(mib: number): Buffer {
  const block = deflateRawSync(Buffer.alloc(1024 * 1024), { finishFlush: constants.Z_SYNC_FLUSH });
  const parts: Buffer[] = [];
  for (let i = 0; i < mib; i += 1) parts.push(block);
  // A final stored block of length 0.
  parts.push(Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]));
  return Buffer.concat(parts);
}

export interface TarEntry {
  name: string;
  data?: Buffer;
  /** Tar type flag: '0' file, '5' folder, '2' symlink, '1' hard link, '3' char device, 'x' pax. */
  type?: string;
  linkname?: string;
  mode?: number;
}

/** A ustar archive (not gzipped). */
export function buildTar(entries: TarEntry[]): Buffer {
  const parts: Buffer[] = [];
  for (const e of entries) {
    const data = e.data ?? Buffer.alloc(0);
    const header = Buffer.alloc(512);
    header.write(e.name.slice(0, 100), 0, 'utf8');
    header.write(`${(e.mode ?? 0o644).toString(8).padStart(7, '0')}\0`, 100);
    header.write('0000000\0', 108);
    header.write('0000000\0', 116);
    header.write(`${data.length.toString(8).padStart(11, '0')}\0`, 124);
    header.write('00000000000\0', 136);
    header.write(e.type ?? '0', 156);
    if (e.linkname) header.write(e.linkname, 157);
    header.write('ustar\0' + '00', 257, 'latin1');
    header.fill(' ', 148, 156);
    let sum = 0;
    for (const b of header) sum += b;
    header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
    parts.push(header, data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  parts.push(Buffer.alloc(1024));
  return Buffer.concat(parts);
}

export function buildZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const raw = e.data ?? Buffer.alloc(0);
    const deflated = e.deflate || e.packed !== undefined;
    const body = e.packed ?? (e.deflate ? deflateRawSync(raw) : raw);
    const size = e.declaredSize ?? raw.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(deflated ? 8 : 0, 8);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(deflated ? 8 : 0, 10);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((e.mode ?? (e.name.endsWith('/') ? 0o40755 : 0o100644)) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
