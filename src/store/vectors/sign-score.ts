/**
 * The query's float values against a row's sign-bit code (binary-code.ts): Σ q[i] · (bit i ? 1 : -1),
 * an "asymmetric" estimate of their dot product. The query keeps its magnitudes, so it ranks far
 * better than the Hamming distance between two codes (which weighs every dimension alike), at
 * a table lookup per byte of code instead of a popcount per word. Read through a table of every
 * byte value's sum per byte position (256 floats each), built once per query.
 */

/** The table of `query` for codes of `words` 32-bit words. */
export function signTable(query: Float32Array, words: number): Float32Array {
  const table = new Float32Array(words * 4 * 256);
  for (let byte = 0; byte < words * 4; byte++) {
    const at = byte * 256;
    const q = (k: number) => query[byte * 8 + k] ?? 0;
    let none = 0;
    for (let k = 0; k < 8; k++) none -= q(k);
    table[at] = none;
    // Each value from the one without its lowest set bit, that bit's dimension now counted +q.
    for (let value = 1; value < 256; value++) {
      const low = value & -value;
      table[at + value] = table[at + (value ^ low)]! + 2 * q(31 - Math.clz32(low));
    }
  }
  return table;
}

/** The score of the code of `codes` starting at word `offset` (`words` long) by `table`. */
export function signScoreAt(codes: Uint32Array, offset: number, words: number, table: Float32Array): number {
  let score = 0;
  for (let w = 0; w < words; w++) {
    const x = codes[offset + w]!;
    const at = w * 1024;
    score +=
      table[at + (x & 255)]! +
      table[at + 256 + ((x >>> 8) & 255)]! +
      table[at + 512 + ((x >>> 16) & 255)]! +
      table[at + 768 + (x >>> 24)]!;
  }
  return score;
}
