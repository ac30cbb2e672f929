/**
 * Reads a `multipart/form-data` request for the fake vendors: text fields as they are, a file as
 * `{ name, type, data }`, and a field `attach://<id>` (grammY's way) replaced by the part `<id>`.
 * Parsed here, as leniently as the vendors do: grammY writes `filename=reply.ogg` unquoted, which
 * the platform's strict `Request.formData()` refuses. Imports only node built-ins.
 */
export interface UploadedFile {
  name: string;
  type: string;
  data: Buffer;
}

export async function readMultipart(
  req: AsyncIterable<unknown>,
  contentType: string,
): Promise<Record<string, string | UploadedFile>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (!boundary) throw new Error('no boundary');
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const body: Record<string, string | UploadedFile> = {};
  let at = raw.indexOf(delimiter);
  while (at >= 0) {
    const start = at + delimiter.length + 2; // past the CRLF
    const next = raw.indexOf(delimiter, start);
    if (next < 0) break;
    const part = raw.subarray(start, next - 2); // before the CRLF
    const split = part.indexOf('\r\n\r\n');
    const headers = part.subarray(0, split).toString('utf8');
    const data = part.subarray(split + 4);
    const param = (key: string) => new RegExp(`;\\s*${key}="?([^";\r\n]+)"?`, 'i').exec(headers)?.[1];
    const name = param('name');
    const filename = param('filename');
    const type = /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1] ?? '';
    if (name) body[name] = filename !== undefined ? { name: filename, type, data } : data.toString('utf8');
    at = next;
  }
  for (const [key, value] of Object.entries(body))
    if (typeof value === 'string' && value.startsWith('attach://')) {
      const file = body[value.slice('attach://'.length)];
      if (file !== undefined) body[key] = file;
    }
  return body;
}
