/** Small, allocation-free vector helpers for the brute-force scan (unit-length float32 vectors). */

/** Scales `v` to unit length in place; a zero vector stays zero. Returns `v`. */
export function normalize(v: Float32Array): Float32Array {
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += v[i]! * v[i]!;
  if (sum === 0) return v;
  const scale = 1 / Math.sqrt(sum);
  for (let i = 0; i < v.length; i++) v[i]! *= scale;
  return v;
}

/** Dot product of `query` with the row of `matrix` starting at `offset` (4-way unrolled). */
export function dotAt(matrix: Float32Array, offset: number, query: Float32Array): number {
  const n = query.length;
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  let i = 0;
  for (; i + 3 < n; i += 4) {
    a += matrix[offset + i]! * query[i]!;
    b += matrix[offset + i + 1]! * query[i + 1]!;
    c += matrix[offset + i + 2]! * query[i + 2]!;
    d += matrix[offset + i + 3]! * query[i + 3]!;
  }
  for (; i < n; i++) a += matrix[offset + i]! * query[i]!;
  return a + b + c + d;
}

export function toBlob(v: Float32Array): Buffer {
  return Buffer.from(v.buffer, v.byteOffset, v.byteLength);
}

export function fromBlob(blob: Buffer): Float32Array {
  // Copy: the Buffer may share a pool and is not 4-byte aligned.
  const copy = new Float32Array(blob.byteLength / 4);
  new Uint8Array(copy.buffer).set(blob);
  return copy;
}
