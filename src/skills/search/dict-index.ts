/**
 * jieba's dictionary (5 MB, 349,000 words) grouped by first character, with a table of where each
 * group starts: the words a sentence can contain are read in a few small reads instead of parsing
 * the whole dictionary (100–300 ms, the most of a Chinese `aibox skills search`). Built once from
 * `@node-rs/jieba/dict.txt` by `npm run build` (dist/skills/jieba-dict.idx).
 *
 * Why a dictionary of only those words segments the same: jieba considers only dictionary words
 * that occur in the sentence, and scores each by its frequency over the dictionary's total, so
 * one filler word (absent from the sentence) carries the rest of the total.
 *
 * Layout (little-endian): magic u32 | group count n u32 | total frequency f64 |
 * n first code points u32 (ascending) | n + 1 byte offsets u32 into the text |
 * text: the dictionary's lines (`word freq tag`), grouped by first character.
 */
import { closeSync, openSync, readSync } from 'node:fs';

const MAGIC = 0x31444a41; // "AJD1"
const HEADER_BYTES = 16;

export function buildDictIndex(dictText: string): Buffer {
  const groups = new Map<number, string[]>();
  let total = 0;
  for (const line of dictText.split('\n')) {
    const [word, freq] = line.split(' ');
    if (!word || freq === undefined) continue;
    total += Number(freq);
    const first = word.codePointAt(0) as number;
    const group = groups.get(first);
    if (group) group.push(line);
    else groups.set(first, [line]);
  }
  const keys = [...groups.keys()].sort((a, b) => a - b);
  const texts = keys.map((key) => Buffer.from(`${groups.get(key)?.join('\n')}\n`));
  const header = Buffer.alloc(HEADER_BYTES + 4 * (2 * keys.length + 1));
  header.writeUInt32LE(MAGIC, 0);
  header.writeUInt32LE(keys.length, 4);
  header.writeDoubleLE(total, 8);
  let offset = 0;
  keys.forEach((key, i) => {
    header.writeUInt32LE(key, HEADER_BYTES + 4 * i);
    header.writeUInt32LE(offset, HEADER_BYTES + 4 * (keys.length + i));
    offset += (texts[i] as Buffer).length;
  });
  header.writeUInt32LE(offset, HEADER_BYTES + 4 * 2 * keys.length);
  return Buffer.concat([header, ...texts]);
}

export interface DictIndex {
  /** A jieba dictionary of the words in `sentence`, segmenting it as the whole dictionary does. */
  dictFor(sentence: string): Buffer;
}

function readAt(fd: number, position: number, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  let done = 0;
  while (done < length) {
    const n = readSync(fd, buffer, done, length - done, position + done);
    if (n === 0) throw new Error('jieba dictionary index: file ends early');
    done += n;
  }
  return buffer;
}

/** Opens an index file; undefined when it is missing or not one (the caller loads the whole dictionary). */
export function openDictIndex(path: string): DictIndex | undefined {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return undefined;
  }
  let keys: Uint32Array;
  let offsets: Uint32Array;
  let total: number;
  let textStart: number;
  try {
    const header = readAt(fd, 0, HEADER_BYTES);
    if (header.readUInt32LE(0) !== MAGIC) return undefined;
    const n = header.readUInt32LE(4);
    total = header.readDoubleLE(8);
    const table = readAt(fd, HEADER_BYTES, 4 * (2 * n + 1));
    const words = new Uint32Array(table.buffer, table.byteOffset, 2 * n + 1);
    keys = words.slice(0, n);
    offsets = words.slice(n);
    textStart = HEADER_BYTES + table.length;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
  /** Lines of one first character, read once per index. */
  const groups = new Map<number, string[]>();
  const linesOf = (file: number, codePoint: number): string[] => {
    let lines = groups.get(codePoint);
    if (lines) return lines;
    let lo = 0;
    let hi = keys.length - 1;
    lines = [];
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const key = keys[mid] as number;
      if (key < codePoint) lo = mid + 1;
      else if (key > codePoint) hi = mid - 1;
      else {
        const start = offsets[mid] as number;
        const text = readAt(file, textStart + start, (offsets[mid + 1] as number) - start).toString('utf8');
        lines = text.split('\n').filter(Boolean);
        break;
      }
    }
    groups.set(codePoint, lines);
    return lines;
  };
  return {
    dictFor(sentence) {
      const kept: string[] = [];
      let sum = 0;
      const file = openSync(path, 'r');
      try {
        for (const char of new Set(sentence)) {
          for (const line of linesOf(file, char.codePointAt(0) as number)) {
            const space = line.indexOf(' ');
            if (!sentence.includes(line.slice(0, space))) continue;
            kept.push(line);
            sum += Number.parseFloat(line.slice(space + 1));
          }
        }
      } finally {
        closeSync(file);
      }
      let filler = 0xe000; // private use: no dictionary word, and skipped if the sentence has it
      while (sentence.includes(String.fromCodePoint(filler))) filler += 1;
      kept.push(`${String.fromCodePoint(filler)} ${total - sum} x`);
      return Buffer.from(`${kept.join('\n')}\n`);
    },
  };
}
