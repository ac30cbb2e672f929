/**
 * Sign-bit codes of vectors (binary quantization): one bit per dimension, so 512 dimensions are
 * 64 bytes and Hamming distance over them is a few integer operations a word. The scan ranks every
 * memory by code, then the best candidates are re-scored with their float vectors.
 */

/** The code of `v`: bit i set when v[i] > 0. */
export function binaryCode(v: Float32Array): Uint32Array {
  const code = new Uint32Array(Math.ceil(v.length / 32));
  for (let i = 0; i < v.length; i++) if (v[i]! > 0) code[i >>> 5]! |= 1 << (i & 31);
  return code;
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Hamming distance between `query` and the code of `codes` starting at word `offset`. */
export function hammingAt(codes: Uint32Array, offset: number, query: Uint32Array): number {
  let d = 0;
  for (let w = 0; w < query.length; w++) d += popcount(codes[offset + w]! ^ query[w]!);
  return d;
}
