/**
 * A QR code (ISO/IEC 18004) of a short text, as a matrix of dark (true) and light modules:
 * byte mode, error correction level M, versions 1–15 (up to 412 bytes of UTF-8). Enough for the
 * login link iLink gives, shown in a terminal (qr-terminal.ts) and on the page. The mask is the
 * one of the eight with the lowest penalty score, as the standard says.
 */

/** Per version 1–15 at level M: error-correction codewords per block and the two block groups. */
const BLOCKS_M: readonly (readonly [ec: number, g1: number, d1: number, g2: number, d2: number])[] = [
  [10, 1, 16, 0, 0],
  [16, 1, 28, 0, 0],
  [26, 1, 44, 0, 0],
  [18, 2, 32, 0, 0],
  [24, 2, 43, 0, 0],
  [16, 4, 27, 0, 0],
  [18, 4, 31, 0, 0],
  [22, 2, 38, 2, 39],
  [22, 3, 36, 2, 37],
  [26, 4, 43, 1, 44],
  [30, 1, 50, 4, 51],
  [22, 6, 36, 2, 37],
  [22, 8, 37, 1, 38],
  [24, 4, 40, 5, 41],
  [24, 5, 41, 5, 42],
];

/** Centres of the alignment patterns per version (version 1 has none). */
const ALIGNMENT: readonly (readonly number[])[] = [
  [],
  [6, 18],
  [6, 22],
  [6, 26],
  [6, 30],
  [6, 34],
  [6, 22, 38],
  [6, 24, 42],
  [6, 26, 46],
  [6, 28, 50],
  [6, 30, 54],
  [6, 32, 58],
  [6, 34, 62],
  [6, 26, 46, 66],
  [6, 26, 48, 70],
];

export const MAX_QR_BYTES = 412;

const dataCapacity = (version: number): number => {
  const [, g1, d1, g2, d2] = BLOCKS_M[version - 1] as (typeof BLOCKS_M)[number];
  return g1 * d1 + g2 * d2;
};

/** GF(256) with the QR polynomial x^8 + x^4 + x^3 + x^2 + 1. */
const EXP = new Uint8Array(512);
const LOG = new Uint8Array(256);
for (let i = 0, x = 1; i < 255; i++) {
  EXP[i] = x;
  LOG[x] = i;
  x <<= 1;
  if (x & 0x100) x ^= 0x11d;
}
for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255] as number;
const mul = (a: number, b: number) =>
  a === 0 || b === 0 ? 0 : (EXP[(LOG[a] as number) + (LOG[b] as number)] as number);

/** The `count` Reed–Solomon check codewords of `data`. */
function reedSolomon(data: Uint8Array, count: number): Uint8Array {
  // Generator: the product of (x − α^i) for i < count, highest coefficient (1) left out.
  let gen = [1];
  for (let i = 0; i < count; i++) {
    const next = new Array<number>(gen.length + 1).fill(0);
    for (let j = 0; j < gen.length; j++) {
      next[j] = (next[j] as number) ^ (gen[j] as number);
      next[j + 1] = (next[j + 1] as number) ^ mul(gen[j] as number, EXP[i] as number);
    }
    gen = next;
  }
  const rest = new Uint8Array(count);
  for (const byte of data) {
    const factor = byte ^ (rest[0] as number);
    rest.copyWithin(0, 1);
    rest[count - 1] = 0;
    for (let j = 0; j < count; j++) rest[j] = (rest[j] as number) ^ mul(gen[j + 1] as number, factor);
  }
  return rest;
}

/** The data codewords of `bytes` in byte mode, padded to the version's capacity. */
function dataCodewords(bytes: Uint8Array, version: number): Uint8Array {
  const bits: number[] = [];
  const put = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  put(0b0100, 4);
  put(bytes.length, version < 10 ? 8 : 16);
  for (const byte of bytes) put(byte, 8);
  const capacityBits = dataCapacity(version) * 8;
  put(0, Math.min(4, capacityBits - bits.length));
  while (bits.length % 8 !== 0) bits.push(0);
  const out = new Uint8Array(dataCapacity(version));
  for (let i = 0; i < bits.length; i++)
    out[i >>> 3] = (out[i >>> 3] as number) | ((bits[i] as number) << (7 - (i & 7)));
  for (let i = bits.length / 8, pad = 0; i < out.length; i++, pad++) out[i] = pad % 2 === 0 ? 0xec : 0x11;
  return out;
}

/** Data and check codewords, split into blocks and interleaved. */
function finalCodewords(data: Uint8Array, version: number): Uint8Array {
  const [ec, g1, d1, g2, d2] = BLOCKS_M[version - 1] as (typeof BLOCKS_M)[number];
  const blocks: Uint8Array[] = [];
  let offset = 0;
  for (let b = 0; b < g1 + g2; b++) {
    const length = b < g1 ? d1 : d2;
    blocks.push(data.subarray(offset, offset + length));
    offset += length;
  }
  const checks = blocks.map((block) => reedSolomon(block, ec));
  const out: number[] = [];
  for (let i = 0; i < Math.max(d1, d2); i++)
    for (const block of blocks) if (i < block.length) out.push(block[i] as number);
  for (let i = 0; i < ec; i++) for (const check of checks) out.push(check[i] as number);
  return Uint8Array.from(out);
}

/** A BCH code word: `value` followed by its remainder modulo `poly` (of degree `degree`). */
function bch(value: number, poly: number, degree: number): number {
  let rest = value << degree;
  for (let bit = 31 - Math.clz32(rest); bit >= degree; bit--)
    if ((rest >>> bit) & 1) rest ^= poly << (bit - degree);
  return (value << degree) | rest;
}

const MASKS: readonly ((x: number, y: number) => boolean)[] = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

class Grid {
  readonly dark: boolean[][];
  readonly fixed: boolean[][];
  constructor(readonly size: number) {
    this.dark = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
    this.fixed = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  }
  /** A function module at column `x`, row `y`. */
  set(x: number, y: number, dark: boolean): void {
    (this.dark[y] as boolean[])[x] = dark;
    (this.fixed[y] as boolean[])[x] = true;
  }
  isFixed(x: number, y: number): boolean {
    return (this.fixed[y] as boolean[])[x] as boolean;
  }
}

function drawFunctionPatterns(grid: Grid, version: number): void {
  const { size } = grid;
  for (let i = 0; i < size; i++) {
    grid.set(6, i, i % 2 === 0);
    grid.set(i, 6, i % 2 === 0);
  }
  for (const [cx, cy] of [
    [3, 3],
    [size - 4, 3],
    [3, size - 4],
  ] as const) {
    for (let dy = -4; dy <= 4; dy++)
      for (let dx = -4; dx <= 4; dx++) {
        const x = cx + dx;
        const y = cy + dy;
        if (x < 0 || y < 0 || x >= size || y >= size) continue;
        const ring = Math.max(Math.abs(dx), Math.abs(dy));
        grid.set(x, y, ring !== 2 && ring !== 4);
      }
  }
  const centres = ALIGNMENT[version - 1] as readonly number[];
  const last = centres.length - 1;
  for (const [i, cx] of centres.entries())
    for (const [j, cy] of centres.entries()) {
      // Not over a finder pattern.
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) continue;
      for (let dy = -2; dy <= 2; dy++)
        for (let dx = -2; dx <= 2; dx++)
          grid.set(cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
    }
  drawFormat(grid, 0); // reserves the areas; the real bits follow once the mask is chosen
  if (version >= 7) {
    const bits = bch(version, 0x1f25, 12);
    for (let i = 0; i < 18; i++) {
      const dark = ((bits >>> i) & 1) === 1;
      const a = size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      grid.set(a, b, dark);
      grid.set(b, a, dark);
    }
  }
}

/** The format bits (level M = 0b00, the mask) in both copies, and the dark module. */
function drawFormat(grid: Grid, mask: number): void {
  const { size } = grid;
  const bits = bch(mask, 0x537, 10) ^ 0x5412;
  const bit = (i: number) => ((bits >>> i) & 1) === 1;
  for (let i = 0; i <= 5; i++) grid.set(8, i, bit(i));
  grid.set(8, 7, bit(6));
  grid.set(8, 8, bit(7));
  grid.set(7, 8, bit(8));
  for (let i = 9; i < 15; i++) grid.set(14 - i, 8, bit(i));
  for (let i = 0; i < 8; i++) grid.set(size - 1 - i, 8, bit(i));
  for (let i = 8; i < 15; i++) grid.set(8, size - 15 + i, bit(i));
  grid.set(8, size - 8, true);
}

/** Places the codewords in the zigzag order (right to left in column pairs, skipping column 6). */
function placeData(grid: Grid, codewords: Uint8Array): void {
  const { size } = grid;
  let i = 0;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    const upward = ((right + 1) & 2) === 0;
    for (let step = 0; step < size; step++) {
      const y = upward ? size - 1 - step : step;
      for (const x of [right, right - 1]) {
        if (grid.isFixed(x, y)) continue;
        const byte = codewords[i >>> 3] ?? 0;
        (grid.dark[y] as boolean[])[x] = i < codewords.length * 8 && ((byte >>> (7 - (i & 7))) & 1) === 1;
        i++;
      }
    }
  }
}

function applyMask(grid: Grid, mask: number): void {
  const test = MASKS[mask] as (x: number, y: number) => boolean;
  for (let y = 0; y < grid.size; y++)
    for (let x = 0; x < grid.size; x++)
      if (!grid.isFixed(x, y) && test(x, y)) (grid.dark[y] as boolean[])[x] = !(grid.dark[y] as boolean[])[x];
}

/** The standard's penalty: runs of five or more, 2×2 blocks, finder-like patterns, dark balance. */
function penalty(dark: boolean[][]): number {
  const size = dark.length;
  const at = (x: number, y: number) => (dark[y] as boolean[])[x] as boolean;
  let score = 0;
  const finderLike = [true, false, true, true, true, false, true];
  for (const horizontal of [true, false]) {
    for (let a = 0; a < size; a++) {
      const line = Array.from({ length: size }, (_, b) => (horizontal ? at(b, a) : at(a, b)));
      let run = 1;
      for (let b = 1; b <= size; b++) {
        if (b < size && line[b] === line[b - 1]) run++;
        else {
          if (run >= 5) score += run - 2;
          run = 1;
        }
      }
      for (let b = 0; b + 7 <= size; b++) {
        if (!finderLike.every((v, k) => line[b + k] === v)) continue;
        const lightBefore = b >= 4 && line.slice(b - 4, b).every((v) => !v);
        const lightAfter = b + 11 <= size && line.slice(b + 7, b + 11).every((v) => !v);
        if (lightBefore || lightAfter) score += 40;
      }
    }
  }
  let darkCount = 0;
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      if (at(x, y)) darkCount++;
      if (x + 1 < size && y + 1 < size) {
        const c = at(x, y);
        if (at(x + 1, y) === c && at(x, y + 1) === c && at(x + 1, y + 1) === c) score += 3;
      }
    }
  const percent = (darkCount * 100) / (size * size);
  score += Math.floor(Math.abs(percent - 50) / 5) * 10;
  return score;
}

/** The QR code of `text` (rows of modules, true = dark); throws when it is over 412 bytes of UTF-8. */
export function qrMatrix(text: string): boolean[][] {
  const bytes = new TextEncoder().encode(text);
  let version = 1;
  // Mode (4 bits) and count (8 or 16 bits) come before the bytes.
  while (version <= BLOCKS_M.length && dataCapacity(version) < bytes.length + (version < 10 ? 2 : 3))
    version++;
  if (version > BLOCKS_M.length || bytes.length > MAX_QR_BYTES)
    throw new Error(`a QR code here holds at most ${MAX_QR_BYTES} bytes`);
  const codewords = finalCodewords(dataCodewords(bytes, version), version);
  let best: { score: number; dark: boolean[][] } | undefined;
  for (let mask = 0; mask < MASKS.length; mask++) {
    const grid = new Grid(version * 4 + 17);
    drawFunctionPatterns(grid, version);
    placeData(grid, codewords);
    applyMask(grid, mask);
    drawFormat(grid, mask);
    const score = penalty(grid.dark);
    if (!best || score < best.score) best = { score, dark: grid.dark };
  }
  return (best as { dark: boolean[][] }).dark;
}
