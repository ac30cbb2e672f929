/** A chat file over `channels.max_file_bytes`; the bridge tells the chat in its language. */
export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`file is over the ${maxBytes}-byte limit`);
    this.name = 'FileTooLargeError';
  }
}

/** A downloaded file's body, refusing more than `maxBytes` (by its declared length, then as it streams). */
export async function readLimited(response: Response, maxBytes: number): Promise<Uint8Array> {
  if (!response.ok || !response.body) throw new Error(`file download failed: HTTP ${response.status}`);
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) throw new FileTooLargeError(maxBytes);
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of response.body) {
    total += chunk.byteLength;
    if (total > maxBytes) throw new FileTooLargeError(maxBytes);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
