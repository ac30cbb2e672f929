/**
 * `/image FILE [words]` in `aibox chat`: the picture is read and checked here (a regular file whose
 * bytes say picture), uploaded to the server (`POST /api/uploads` on the chat's host, with its
 * token or client key), then sent as a `message` frame with the upload's id.
 */
import type { Lang } from '../../i18n/lang.js';
import { readPictureFile } from '../../media/pictures/read-picture-file.js';
import type { ClientFrame } from '../../protocol/frames.js';

/** What this client reads before uploading; the server applies its own `media.max_upload_bytes`. */
const MAX_PICTURE_BYTES = 64 * 1024 * 1024;
const UPLOAD_TIMEOUT_MS = 120_000;

export interface ImageLine {
  path: string;
  words: string;
}

/** `/image PATH rest…` (a path with spaces in quotes), or undefined for another line. */
export function parseImageLine(line: string): ImageLine | undefined | 'usage' {
  const match = /^\/image(?:\s+|$)(.*)$/s.exec(line);
  if (!match) return undefined;
  const rest = (match[1] ?? '').trim();
  const quoted = /^(["'])(.+?)\1\s*(.*)$/s.exec(rest);
  if (quoted) return { path: quoted[2] ?? '', words: (quoted[3] ?? '').trim() };
  const [path = '', ...words] = rest.split(/\s+/);
  return path ? { path, words: words.join(' ') } : 'usage';
}

export async function sendImage(
  image: ImageLine,
  options: { wsUrl: string; token?: string | undefined; clientKey?: string | undefined; lang: Lang },
): Promise<ClientFrame> {
  const data = readPictureFile(image.path, MAX_PICTURE_BYTES, options.lang);
  const url = new URL(options.wsUrl);
  url.protocol = url.protocol === 'wss:' ? 'https:' : 'http:';
  url.pathname = '/api/uploads';
  url.search = new URLSearchParams({ filename: image.path.split(/[/\\]/).pop() ?? 'picture' }).toString();
  const headers: Record<string, string> = { 'content-type': 'application/octet-stream' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.clientKey) headers.cookie = `aibox_client=${options.clientKey}`;
  const res = await fetch(url, {
    method: 'POST',
    headers,
    body: new Uint8Array(data),
    signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
  });
  const body = (await res.json().catch(() => undefined)) as
    | { id?: string; error?: { message?: string } }
    | undefined;
  if (!res.ok || typeof body?.id !== 'string') throw new Error(body?.error?.message ?? `HTTP ${res.status}`);
  return { type: 'message', content: image.words, attachments: [{ upload: body.id }] };
}
