import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { gunzipSync, inflateRawSync } from 'node:zlib';

/**
 * Extraction of a skill archive (`.zip`, `.tar.gz` / `.tgz`) in JS, as hostile input: every entry
 * name is checked (no absolute path, no `..`, no backslash), links and devices are refused, and the
 * entry count and the unpacked size are capped (zip bombs stop at the cap, not at the disk).
 * Throws ArchiveError naming the entry at fault; the caller extracts into a staging dir it removes.
 */
export const MAX_ARCHIVE_ENTRIES = 2000;
export const MAX_ARCHIVE_BYTES = 100 * 1024 * 1024;

export class ArchiveError extends Error {}

export type ArchiveKind = 'zip' | 'tar.gz';

export function archiveKind(file: string): ArchiveKind | undefined {
  if (/\.zip$/i.test(file)) return 'zip';
  if (/\.(tar\.gz|tgz)$/i.test(file)) return 'tar.gz';
  return undefined;
}

/** A safe relative path for an entry name, or an error; undefined for entries to skip. */
function safeName(raw: string): string | undefined {
  if (raw.includes('\\') || raw.includes('\0')) throw new ArchiveError(`unsafe entry name: ${raw}`);
  if (raw.startsWith('/') || /^[A-Za-z]:/.test(raw))
    throw new ArchiveError(`absolute path in archive: ${raw}`);
  const parts = raw.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.includes('..')) throw new ArchiveError(`path leaving the archive (..): ${raw}`);
  if (parts.length === 0 || parts[0] === '__MACOSX') return undefined;
  return posix.join(...parts);
}

class Sink {
  private entries = 0;
  private bytes = 0;
  constructor(private readonly root: string) {}

  private count(name: string, size: number): void {
    this.entries += 1;
    this.bytes += size;
    if (this.entries > MAX_ARCHIVE_ENTRIES)
      throw new ArchiveError(`more than ${MAX_ARCHIVE_ENTRIES} entries`);
    if (this.bytes > MAX_ARCHIVE_BYTES)
      throw new ArchiveError(`more than ${MAX_ARCHIVE_BYTES} bytes unpacked (at ${name})`);
  }

  dir(raw: string): void {
    const name = safeName(raw);
    if (!name) return;
    this.count(name, 0);
    mkdirSync(join(this.root, name), { recursive: true });
  }

  file(raw: string, data: Buffer, executable: boolean): void {
    const name = safeName(raw);
    if (!name) return;
    this.count(name, data.length);
    const path = join(this.root, name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, data, { flag: 'wx', mode: executable ? 0o755 : 0o644 });
  }
}

function octal(buf: Buffer, start: number, length: number): number {
  const text = buf
    .subarray(start, start + length)
    .toString('latin1')
    .replace(/\0.*$/s, '')
    .trim();
  return text ? Number.parseInt(text, 8) : 0;
}

function cString(buf: Buffer, start: number, length: number): string {
  const raw = buf.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? raw.length : end).toString('utf8');
}

/** ustar / GNU / pax tar inside gzip. */
export function extractTarGz(archive: Buffer, root: string): void {
  let tar: Buffer;
  try {
    tar = gunzipSync(archive, { maxOutputLength: MAX_ARCHIVE_BYTES + 1024 * 1024 });
  } catch (error) {
    throw new ArchiveError(`not a readable gzip file, or larger than the limit: ${(error as Error).message}`);
  }
  const sink = new Sink(root);
  let longName: string | undefined;
  for (let at = 0; at + 512 <= tar.length; ) {
    const header = tar.subarray(at, at + 512);
    if (header.every((b) => b === 0)) break;
    const size = octal(header, 124, 12);
    const type = String.fromCharCode(header[156] ?? 0);
    const prefix = cString(header, 345, 155);
    const base = cString(header, 0, 100);
    const name = longName ?? (prefix ? `${prefix}/${base}` : base);
    const data = tar.subarray(at + 512, at + 512 + size);
    if (data.length < size) throw new ArchiveError(`truncated tar entry: ${name}`);
    at += 512 + Math.ceil(size / 512) * 512;
    if (type === 'L') {
      longName = cString(data, 0, data.length);
      continue;
    }
    if (type === 'x') {
      const path = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(data.toString('utf8'));
      longName = path?.[1];
      continue;
    }
    longName = undefined;
    if (type === 'g') continue;
    if (type === '5') sink.dir(name);
    else if (type === '0' || type === '\0' || type === '7')
      sink.file(name, Buffer.from(data), (octal(header, 100, 8) & 0o111) !== 0);
    else throw new ArchiveError(`links and special files are not allowed in a skill archive: ${name}`);
  }
}

/** Zip (stored or deflated entries; no zip64, no encryption). */
export function extractZip(archive: Buffer, root: string): void {
  const eocd = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0 || eocd + 22 > archive.length)
    throw new ArchiveError('not a zip file (no end of central directory)');
  const count = archive.readUInt16LE(eocd + 10);
  let at = archive.readUInt32LE(eocd + 16);
  if (count > MAX_ARCHIVE_ENTRIES) throw new ArchiveError(`more than ${MAX_ARCHIVE_ENTRIES} entries`);
  const sink = new Sink(root);
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > archive.length || archive.readUInt32LE(at) !== 0x02014b50)
      throw new ArchiveError('damaged zip central directory');
    const flags = archive.readUInt16LE(at + 8);
    const method = archive.readUInt16LE(at + 10);
    const compressed = archive.readUInt32LE(at + 20);
    const size = archive.readUInt32LE(at + 24);
    const nameLength = archive.readUInt16LE(at + 28);
    const extraLength = archive.readUInt16LE(at + 30);
    const commentLength = archive.readUInt16LE(at + 32);
    const mode = archive.readUInt32LE(at + 38) >>> 16;
    const local = archive.readUInt32LE(at + 42);
    const name = archive.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    at += 46 + nameLength + extraLength + commentLength;
    const kind = mode & 0o170000;
    if (kind === 0o120000) throw new ArchiveError(`symlinks are not allowed in a skill archive: ${name}`);
    if (flags & 1) throw new ArchiveError(`encrypted entry: ${name}`);
    if (compressed === 0xffffffff || size === 0xffffffff)
      throw new ArchiveError(`zip64 entry not supported: ${name}`);
    if (name.endsWith('/')) {
      sink.dir(name);
      continue;
    }
    if (local + 30 > archive.length || archive.readUInt32LE(local) !== 0x04034b50)
      throw new ArchiveError(`damaged zip entry: ${name}`);
    const start = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
    const raw = archive.subarray(start, start + compressed);
    let data: Buffer;
    if (method === 0) data = Buffer.from(raw);
    else if (method === 8) {
      try {
        // The declared size caps the output: a bomb that lies about it fails here.
        data = inflateRawSync(raw, { maxOutputLength: Math.max(1, size) });
      } catch (error) {
        throw new ArchiveError(`cannot inflate ${name}: ${(error as Error).message}`);
      }
    } else throw new ArchiveError(`unsupported compression method ${method}: ${name}`);
    if (data.length !== size) throw new ArchiveError(`size mismatch in ${name}`);
    sink.file(name, data, (mode & 0o111) !== 0);
  }
}
