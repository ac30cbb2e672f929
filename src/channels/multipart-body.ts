/** A `multipart/form-data` body of text fields and one file, for http-call.ts (vendors' upload APIs). */
import { randomUUID } from 'node:crypto';

export interface MultipartFile {
  field: string;
  name: string;
  type: string;
  data: Uint8Array;
}

/** Field and file names here are Aibox's own (ASCII, no quotes); a value is sent as it is. */
export function multipartBody(
  fields: Readonly<Record<string, string>>,
  file: MultipartFile,
): { data: Buffer; type: string } {
  const boundary = `aibox-${randomUUID()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\n` +
        `Content-Type: ${file.type}\r\n\r\n`,
    ),
    Buffer.from(file.data),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { data: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}
