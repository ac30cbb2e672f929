/**
 * Line access to files of any size without reading them whole: a forward
 * scanner over byte chunks (a line is never buffered past a display limit),
 * and a backward reader for the end of files too large to scan.
 */
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';

/** Bytes of one line kept for display; the rest of a longer line is counted, not kept. */
const LINE_DISPLAY_BYTES = 2000;
const CHUNK = 64 * 1024;
const decoder = new TextDecoder('utf-8');

export interface FileLine {
  /** 1-based; undefined when read from the end of a file whose lines were not counted. */
  number: number | undefined;
  text: string;
  /** Length of the whole line in bytes, when more than the kept text. */
  cutBytes?: number;
}

export interface ScanResult {
  lines: FileLine[];
  /** Lines in the file; undefined when the scan stopped at the byte cap or early. */
  totalLines: number | undefined;
  /** The scan stopped because `maxBytes` were read. */
  hitCap: boolean;
}

/**
 * Reads lines in order. `keep(n)` decides which line numbers are kept; the scan
 * stops at `maxBytes`, or as soon as `stopAfter` lines were seen when `countAll` is false.
 */
export async function scanLines(
  path: string,
  options: { maxBytes: number; keep: (line: number) => boolean; stopAfter?: number; countAll: boolean },
): Promise<ScanResult> {
  const lines: FileLine[] = [];
  let lineNo = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let read = 0;
  let stoppedEarly = false;
  const flush = () => {
    lineNo += 1;
    if (options.keep(lineNo)) lines.push(toLine(lineNo, Buffer.concat(pending), pendingBytes));
    pending = [];
    pendingBytes = 0;
  };
  const stream = createReadStream(path, { start: 0, end: options.maxBytes - 1, highWaterMark: CHUNK });
  try {
    outer: for await (const chunk of stream as AsyncIterable<Buffer>) {
      read += chunk.length;
      let from = 0;
      for (;;) {
        const nl = chunk.indexOf(0x0a, from);
        const end = nl === -1 ? chunk.length : nl;
        const room = LINE_DISPLAY_BYTES - Math.min(pendingBytes, LINE_DISPLAY_BYTES);
        if (room > 0 && end > from) pending.push(chunk.subarray(from, Math.min(end, from + room)));
        pendingBytes += end - from;
        if (nl === -1) break;
        flush();
        from = nl + 1;
        if (!options.countAll && options.stopAfter !== undefined && lineNo >= options.stopAfter) {
          stoppedEarly = true;
          break outer;
        }
      }
    }
  } finally {
    stream.destroy();
  }
  const hitCap = !stoppedEarly && read >= options.maxBytes && (await stat(path)).size > options.maxBytes;
  // A line cut by the byte cap is incomplete: drop it. At a real end of file, a last line without "\n" counts.
  if (!stoppedEarly && !hitCap && pendingBytes > 0) flush();
  return { lines, totalLines: stoppedEarly || hitCap ? undefined : lineNo, hitCap };
}

/** The last `count` lines, reading backwards at most `maxBytes`; line numbers unknown. */
export async function tailLines(path: string, count: number, maxBytes: number): Promise<FileLine[]> {
  const handle = await open(path, 'r');
  try {
    const size = (await handle.stat()).size;
    if (size === 0) return [];
    const chunks: Buffer[] = [];
    let position = size;
    let newlines = 0;
    while (position > 0 && size - position < maxBytes && newlines <= count) {
      const length = Math.min(CHUNK, position, maxBytes - (size - position));
      position -= length;
      const buffer = Buffer.alloc(length);
      await handle.read(buffer, 0, length, position);
      chunks.unshift(buffer);
      for (const byte of buffer) if (byte === 0x0a) newlines += 1;
    }
    let data = Buffer.concat(chunks);
    if (data.at(-1) === 0x0a) data = data.subarray(0, -1);
    const parts: Buffer[] = [];
    let from = 0;
    for (let nl = data.indexOf(0x0a); nl !== -1; nl = data.indexOf(0x0a, from)) {
      parts.push(data.subarray(from, nl));
      from = nl + 1;
    }
    parts.push(data.subarray(from));
    // The first part is a whole line only when the read reached the start of the file.
    if (position > 0) parts.shift();
    return parts
      .slice(-count)
      .map((part) => toLine(undefined, part.subarray(0, LINE_DISPLAY_BYTES), part.length));
  } finally {
    await handle.close();
  }
}

/** True for data that is not text: a NUL byte, or many control characters, in the sample. */
export function looksBinary(sample: Buffer): boolean {
  if (sample.includes(0)) return true;
  let control = 0;
  for (const byte of sample) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c && byte !== 0x1b)
      control += 1;
  }
  return sample.length > 0 && control / sample.length > 0.1;
}

export async function readSample(path: string, bytes = 8192): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

function toLine(number: number | undefined, kept: Buffer, fullBytes: number): FileLine {
  let text = decoder.decode(kept);
  if (text.endsWith('\r')) text = text.slice(0, -1);
  return fullBytes > kept.length ? { number, text, cutBytes: fullBytes } : { number, text };
}
