/**
 * The snapshot archive: a gzip-compressed POSIX tar (ustar, pax `path` records for long names),
 * written and read as streams so a large memories.db is never held in memory. Only what a
 * snapshot holds: regular files, directories and symbolic links. `tar -tzf` lists it.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

const BLOCK = 512;
/** ustar's 11 octal digits. */
const MAX_SIZE = 8 ** 11 - 1;

export type TarEntryType = 'file' | 'dir' | 'symlink';

export interface TarEntryHeader {
  path: string;
  type: TarEntryType;
  mode: number;
  size: number;
  mtimeMs: number;
  /** Symbolic links only. */
  linkTarget?: string;
}

export interface TarSource extends TarEntryHeader {
  /** Regular files: where the bytes come from (read once, as a stream). */
  content?: () => Readable;
}

const TYPE_FLAG: Record<TarEntryType, string> = { file: '0', dir: '5', symlink: '2' };

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function headerBlock(fields: {
  name: string;
  mode: number;
  size: number;
  mtimeMs: number;
  flag: string;
  link?: string;
}): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(fields.name, 0, 100, 'utf8');
  block.write(octal(fields.mode & 0o7777, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(fields.size, 12), 124, 'ascii');
  block.write(octal(Math.floor(fields.mtimeMs / 1000), 12), 136, 'ascii');
  block.write('        ', 148, 'ascii');
  block.write(fields.flag, 156, 'ascii');
  if (fields.link) block.write(fields.link, 157, 100, 'utf8');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

/** A pax record `LEN key=value\n`, LEN counting itself. */
function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length) length += 1;
  return `${length}${body}`;
}

function padding(size: number): Buffer {
  const rest = size % BLOCK;
  return Buffer.alloc(rest === 0 ? 0 : BLOCK - rest);
}

async function* tarBlocks(entries: AsyncIterable<TarSource> | Iterable<TarSource>): AsyncGenerator<Buffer> {
  for await (const entry of entries) {
    if (entry.size > MAX_SIZE) throw new Error(`${entry.path}: larger than a tar entry can hold`);
    const name = entry.type === 'dir' && !entry.path.endsWith('/') ? `${entry.path}/` : entry.path;
    const long = Buffer.byteLength(name) > 100 || Buffer.byteLength(entry.linkTarget ?? '') > 100;
    if (long) {
      const pax = Buffer.from(
        paxRecord('path', name) + (entry.linkTarget ? paxRecord('linkpath', entry.linkTarget) : ''),
      );
      yield headerBlock({ name: 'PaxHeader', mode: 0o644, size: pax.length, mtimeMs: 0, flag: 'x' });
      yield pax;
      yield padding(pax.length);
    }
    const size = entry.type === 'file' ? entry.size : 0;
    yield headerBlock({
      name: Buffer.from(name).subarray(0, 100).toString('utf8'),
      mode: entry.mode,
      size,
      mtimeMs: entry.mtimeMs,
      flag: TYPE_FLAG[entry.type],
      ...(entry.linkTarget ? { link: entry.linkTarget } : {}),
    });
    if (entry.type !== 'file') continue;
    let written = 0;
    for await (const chunk of entry.content?.() ?? []) {
      written += (chunk as Buffer).length;
      if (written > size) throw new Error(`${entry.path}: changed while it was archived`);
      yield chunk as Buffer;
    }
    if (written !== size) throw new Error(`${entry.path}: changed while it was archived`);
    yield padding(size);
  }
  yield Buffer.alloc(BLOCK * 2);
}

/** Writes `entries` in order to a new `.tar.gz` file at `file` (the caller makes it atomic). */
export async function writeTarGz(
  file: string,
  entries: AsyncIterable<TarSource> | Iterable<TarSource>,
): Promise<void> {
  await pipeline(
    tarBlocks(entries),
    createGzip({ level: 6 }),
    createWriteStream(file, { flags: 'wx', mode: 0o600 }),
  );
  const handle = await open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function readString(block: Buffer, start: number, length: number): string {
  const field = block.subarray(start, start + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}

function readOctal(block: Buffer, start: number, length: number): number {
  const text = readString(block, start, length).trim();
  if (!/^[0-7]*$/.test(text)) throw new Error('damaged tar header');
  return text === '' ? 0 : Number.parseInt(text, 8);
}

function checksumOk(block: Buffer): boolean {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : (block[i] ?? 0);
  return sum === readOctal(block, 148, 8);
}

function parsePax(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^\d+ ([^=]+)=(.*)$/s.exec(line);
    if (match?.[1]) out[match[1]] = match[2] ?? '';
  }
  return out;
}

/** Pulls exactly `n` bytes at a time from a stream of chunks. */
class ByteReader {
  private buffered: Buffer[] = [];
  private length = 0;
  private done = false;
  constructor(private readonly source: AsyncIterator<Buffer>) {}

  private async fill(n: number): Promise<boolean> {
    while (this.length < n && !this.done) {
      const next = await this.source.next();
      if (next.done) this.done = true;
      else {
        this.buffered.push(next.value);
        this.length += next.value.length;
      }
    }
    return this.length >= n;
  }

  /** Exactly `n` bytes, or undefined at the end of the stream. */
  async take(n: number): Promise<Buffer | undefined> {
    if (!(await this.fill(n))) return undefined;
    const all = Buffer.concat(this.buffered);
    this.buffered = [all.subarray(n)];
    this.length = all.length - n;
    return all.subarray(0, n);
  }

  /** Up to `max` bytes (at least one unless the stream ended). */
  async some(max: number): Promise<Buffer | undefined> {
    if (!(await this.fill(1))) return undefined;
    const all = Buffer.concat(this.buffered);
    const part = all.subarray(0, Math.min(max, all.length));
    this.buffered = [all.subarray(part.length)];
    this.length = all.length - part.length;
    return part;
  }
}

export interface TarEntry extends TarEntryHeader {
  /** A file's bytes, chunk by chunk; must be read (or skipped by moving on) before the next entry. */
  chunks(): AsyncGenerator<Buffer>;
}

/**
 * The entries of a `.tar.gz` in order. Stops at the end marker; a stream that ends early or a
 * header whose checksum is wrong throws (a snapshot cut short is not a snapshot).
 */
export async function* readTarGz(file: string): AsyncGenerator<TarEntry> {
  const gunzip = createGunzip();
  const source = createReadStream(file).pipe(gunzip);
  const reader = new ByteReader(source[Symbol.asyncIterator]());
  let pax: Record<string, string> = {};
  try {
    for (;;) {
      const block = await reader.take(BLOCK);
      if (!block) throw new Error('the archive ends before its end marker');
      if (block.every((byte) => byte === 0)) return;
      if (!checksumOk(block)) throw new Error('damaged tar header');
      const flag = String.fromCharCode(block[156] ?? 0);
      const size = readOctal(block, 124, 12);
      if (flag === 'x') {
        const body = await reader.take(size + padding(size).length);
        if (!body) throw new Error('the archive ends inside a header');
        pax = parsePax(body.subarray(0, size).toString('utf8'));
        continue;
      }
      const prefix = readString(block, 345, 155);
      const name =
        pax.path ?? (prefix ? `${prefix}/${readString(block, 0, 100)}` : readString(block, 0, 100));
      const type: TarEntryType | undefined =
        flag === '0' || flag === '\0' ? 'file' : flag === '5' ? 'dir' : flag === '2' ? 'symlink' : undefined;
      if (!type) throw new Error(`${name}: an entry type a snapshot does not hold (${flag})`);
      const linkTarget = type === 'symlink' ? (pax.linkpath ?? readString(block, 157, 100)) : undefined;
      pax = {};
      let left = type === 'file' ? size : 0;
      const entry: TarEntry = {
        path: name.replace(/\/$/, ''),
        type,
        mode: readOctal(block, 100, 8),
        size: left,
        mtimeMs: readOctal(block, 136, 12) * 1000,
        ...(linkTarget !== undefined ? { linkTarget } : {}),
        async *chunks() {
          while (left > 0) {
            const part = await reader.some(Math.min(left, 64 * 1024));
            if (!part) throw new Error(`${name}: the archive ends inside this file`);
            left -= part.length;
            yield part;
          }
        },
      };
      yield entry;
      while (left > 0) {
        const part = await reader.some(Math.min(left, 64 * 1024));
        if (!part) throw new Error(`${name}: the archive ends inside this file`);
        left -= part.length;
      }
      const pad = padding(size).length;
      if (type === 'file' && pad > 0 && !(await reader.take(pad)))
        throw new Error('the archive ends inside a file');
    }
  } finally {
    gunzip.destroy();
    source.destroy();
  }
}

/** Copies a file's entry to `path` (a new file, `wx`), resolving when it is on disk. */
export async function saveEntry(
  entry: TarEntry,
  path: string,
  onChunk?: (chunk: Buffer) => void,
): Promise<void> {
  async function* tap() {
    for await (const chunk of entry.chunks()) {
      onChunk?.(chunk);
      yield chunk;
    }
  }
  await pipeline(tap(), createWriteStream(path, { flags: 'wx', mode: 0o600 }));
}
