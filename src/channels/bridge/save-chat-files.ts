/**
 * Files sent in chat are saved under `<workspace>/chat-files/` (src/media/chat-files.ts), at most
 * `maxBytes`.
 */
import { saveIntoChatFiles } from '../../media/chat-files.js';
import type { InboundFile } from '../types.js';

export { safeFileName } from '../../media/chat-files.js';

/** Saves one file; resolves with its path relative to the workspace and the bytes saved. */
export async function saveChatFile(
  file: InboundFile,
  workspace: string,
  maxBytes: number,
  now: Date,
): Promise<{ path: string; data: Uint8Array }> {
  const data = await file.download(maxBytes);
  return { path: await saveIntoChatFiles(data, file.name, workspace, now), data };
}
