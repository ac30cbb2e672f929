/**
 * Unpacking a skill archive (`.zip`, `.tar.gz` / `.tgz`) in JS, as hostile input, into a staging
 * dir through a StagingSink (names checked, limits counted while writing). Entries are inflated
 * as streams, chunk by chunk, so a bomb stops at the first limit with a few chunks in memory,
 * whatever its headers declare. Runs in the install worker (install.worker.ts), never on the
 * server's main thread. Throws ArchiveError naming the entry at fault.
 */
import { createGunzip, createInflateRaw } from 'node:zlib';
import { ArchiveError } from './archive-limits.js';
import { shownEntryName } from './entry-name.js';
import type { SinkFile, StagingSink } from './staging-sink.js';

export type ArchiveKind = 'zip' | 'tar.gz';

export function archiveKind(file: string): ArchiveKind | undefined {
  if (/\.zip$/i.test(file)) return 'zip';
  if (/\.(tar\.gz|tgz)$/i.test(file)) return 'tar.gz';
  return undefined;
}

/** Inflates a raw deflate stream into `file`, one chunk at a time (a limit thrown by write stops it). */
async function inflateInto(packed: Buffer, file: SinkFile, entry: string): Promise<void> {
  const inflater = createInflateRaw();
  inflater.end(packed);
  try {
    for await (const chunk of inflater) file.write(chunk as Buffer);
  } catch (error) {
    if (error instanceof ArchiveError) throw error;
    throw new ArchiveError({ kind: 'unreadable', what: 'inflate', entry, detail: (error as Error).message });
  } finally {
    inflater.destroy();
  }
}

/** Zip (stored or deflated entries; no zip64, no encryption). */
export async function extractZip(archive: Buffer, sink: StagingSink): Promise<void> {
  const { limits } = sink;
  const eocd = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0 || eocd + 22 > archive.length)
    throw new ArchiveError({ kind: 'damaged', what: 'no_end_record' });
  const count = archive.readUInt16LE(eocd + 10);
  let at = archive.readUInt32LE(eocd + 16);
  // The directory says how many entries there are: refuse before writing anything.
  if (count > limits.entries)
    throw new ArchiveError({ kind: 'limit', limit: 'entries', max: limits.entries });
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > archive.length || archive.readUInt32LE(at) !== 0x02014b50)
      throw new ArchiveError({ kind: 'damaged', what: 'directory' });
    const flags = archive.readUInt16LE(at + 8);
    const method = archive.readUInt16LE(at + 10);
    const compressed = archive.readUInt32LE(at + 20);
    const declared = archive.readUInt32LE(at + 24);
    const nameLength = archive.readUInt16LE(at + 28);
    const extraLength = archive.readUInt16LE(at + 30);
    const commentLength = archive.readUInt16LE(at + 32);
    const mode = archive.readUInt32LE(at + 38) >>> 16;
    const local = archive.readUInt32LE(at + 42);
    const name = archive.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const shown = shownEntryName(name);
    at += 46 + nameLength + extraLength + commentLength;
    const kind = mode & 0o170000;
    if (kind === 0o120000) throw new ArchiveError({ kind: 'link', entry: shown });
    if (kind !== 0 && kind !== 0o100000 && kind !== 0o040000)
      throw new ArchiveError({ kind: 'special', entry: shown });
    if (flags & 1) throw new ArchiveError({ kind: 'unsupported', what: 'encrypted', entry: shown });
    if (compressed === 0xffffffff || declared === 0xffffffff)
      throw new ArchiveError({ kind: 'unsupported', what: 'zip64', entry: shown });
    if (name.endsWith('/') || kind === 0o040000) {
      sink.dir(name);
      continue;
    }
    if (method !== 0 && method !== 8)
      throw new ArchiveError({ kind: 'unsupported', what: 'method', entry: shown, method });
    // An honest header over a limit is refused before anything of it is inflated.
    if (declared > limits.entryBytes)
      throw new ArchiveError({ kind: 'limit', limit: 'entryBytes', max: limits.entryBytes, entry: shown });
    if (sink.bytes + declared > limits.totalBytes)
      throw new ArchiveError({ kind: 'limit', limit: 'totalBytes', max: limits.totalBytes, entry: shown });
    if (method === 8 && declared > limits.ratioFloorBytes && declared > compressed * limits.ratio)
      throw new ArchiveError({ kind: 'limit', limit: 'ratio', max: limits.ratio, entry: shown });
    if (local + 30 > archive.length || archive.readUInt32LE(local) !== 0x04034b50)
      throw new ArchiveError({ kind: 'damaged', what: 'local_header', entry: shown });
    const start = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
    const packed = archive.subarray(start, start + compressed);
    if (packed.length < compressed)
      throw new ArchiveError({ kind: 'damaged', what: 'truncated', entry: shown });
    await sink.file(
      name,
      (mode & 0o111) !== 0,
      async (file) => {
        // A header that lies is caught at the first byte past what it declared.
        const declaredFile: SinkFile = {
          write(chunk) {
            if (file.written + chunk.length > declared)
              throw new ArchiveError({ kind: 'size_mismatch', entry: shown, declared });
            file.write(chunk);
          },
          get written() {
            return file.written;
          },
        };
        if (method === 0) declaredFile.write(packed);
        else await inflateInto(packed, declaredFile, shown);
        if (file.written !== declared)
          throw new ArchiveError({ kind: 'size_mismatch', entry: shown, declared });
      },
      method === 8 ? compressed : undefined,
    );
  }
}

/** Reads a byte stream in exact pieces: tar headers, and file bodies chunk by chunk. */
class StreamReader {
  private pending: Buffer = Buffer.alloc(0);
  private done = false;
  /** Bytes taken out of the stream so far. */
  taken = 0;

  constructor(
    private readonly source: AsyncIterator<Buffer>,
    private readonly onBytes: (total: number) => void,
  ) {}

  private async more(): Promise<boolean> {
    if (this.done) return false;
    const next = await this.source.next();
    if (next.done) {
      this.done = true;
      return false;
    }
    this.taken += next.value.length;
    this.onBytes(this.taken);
    this.pending = this.pending.length ? Buffer.concat([this.pending, next.value]) : next.value;
    return true;
  }

  /** Exactly `n` bytes (n small), or fewer at the end of the stream. */
  async read(n: number): Promise<Buffer> {
    while (this.pending.length < n && (await this.more())) {}
    const out = this.pending.subarray(0, n);
    this.pending = this.pending.subarray(out.length);
    return out;
  }

  /** `n` bytes handed to `use` as they arrive; false when the stream ended first. */
  async pipe(n: number, use: (chunk: Buffer) => void): Promise<boolean> {
    let left = n;
    while (left > 0) {
      if (this.pending.length === 0 && !(await this.more())) return false;
      const piece = this.pending.subarray(0, left);
      this.pending = this.pending.subarray(piece.length);
      left -= piece.length;
      use(piece);
    }
    return true;
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

/** ustar / GNU / pax tar inside gzip, read as a stream. */
export async function extractTarGz(archive: Buffer, sink: StagingSink): Promise<void> {
  const { limits } = sink;
  const gunzip = createGunzip();
  gunzip.end(archive);
  // Everything the stream gives counts for the ratio, headers and skipped records included.
  const reader = new StreamReader(gunzip[Symbol.asyncIterator](), (total) => {
    if (total > limits.ratioFloorBytes && total > archive.length * limits.ratio)
      throw new ArchiveError({ kind: 'limit', limit: 'ratio', max: limits.ratio });
  });
  try {
    let longName: string | undefined;
    for (;;) {
      const header = await reader.read(512);
      if (header.length === 0 || header.every((b) => b === 0)) break;
      if (header.length < 512) throw new ArchiveError({ kind: 'damaged', what: 'truncated' });
      const size = octal(header, 124, 12);
      if (!Number.isSafeInteger(size) || size < 0)
        throw new ArchiveError({ kind: 'damaged', what: 'directory' });
      const type = String.fromCharCode(header[156] ?? 0);
      const prefix = cString(header, 345, 155);
      const base = cString(header, 0, 100);
      const name = longName ?? (prefix ? `${prefix}/${base}` : base);
      const shown = shownEntryName(name);
      const padding = Math.ceil(size / 512) * 512 - size;
      if (type === 'L' || type === 'x' || type === 'g') {
        // Name records are read whole: keep them small.
        if (size > limits.nameBytes * 64)
          throw new ArchiveError({ kind: 'limit', limit: 'nameBytes', max: limits.nameBytes, entry: shown });
        const data = await reader.read(size + padding);
        if (data.length < size + padding)
          throw new ArchiveError({ kind: 'damaged', what: 'truncated', entry: shown });
        const record = data.subarray(0, size);
        if (type === 'L') longName = cString(record, 0, record.length);
        else if (type === 'x') longName = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(record.toString('utf8'))?.[1];
        continue;
      }
      longName = undefined;
      if (type === '5') {
        sink.dir(name);
        if (!(await reader.pipe(size + padding, () => {})))
          throw new ArchiveError({ kind: 'damaged', what: 'truncated', entry: shown });
      } else if (type === '0' || type === '\0' || type === '7') {
        if (size > limits.entryBytes)
          throw new ArchiveError({
            kind: 'limit',
            limit: 'entryBytes',
            max: limits.entryBytes,
            entry: shown,
          });
        let complete = true;
        await sink.file(name, (octal(header, 100, 8) & 0o111) !== 0, async (file) => {
          complete = await reader.pipe(size, (chunk) => file.write(chunk));
        });
        if (!complete || !(await reader.pipe(padding, () => {})))
          throw new ArchiveError({ kind: 'damaged', what: 'truncated', entry: shown });
      } else if (type === '1' || type === '2') throw new ArchiveError({ kind: 'link', entry: shown });
      else throw new ArchiveError({ kind: 'special', entry: shown });
    }
  } catch (error) {
    if (error instanceof ArchiveError) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code.startsWith('Z_'))
      throw new ArchiveError({ kind: 'unreadable', what: 'gzip', detail: (error as Error).message });
    throw error;
  } finally {
    gunzip.destroy();
  }
}
