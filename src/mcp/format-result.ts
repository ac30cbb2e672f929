/**
 * Turns an MCP `tools/call` result into the text the model sees: text as is, embedded
 * text resources inline, audio and binary as a one-line note (never base64 into the
 * context), structured content as JSON when there is no text. Images (the first
 * MAX_PICTURES, each at most MAX_PICTURE_BYTES) are handed over as bytes, with a note in the
 * text: the turn shows them to the model after the round's results (src/agent/tool-pictures.ts),
 * once checked and shrunk like any picture. Size limits are applied afterwards by the same
 * limiter as every other tool.
 */
import type { McpMessages } from './messages.js';

/** The parts of a `CallToolResult` read here (the SDK's type, loosened: servers are untrusted). */
interface McpCallResult {
  content?: unknown;
  structuredContent?: unknown;
  isError?: unknown;
  /** Old servers answer `{ toolResult }` instead of `content`. */
  toolResult?: unknown;
}

type Item = Record<string, unknown>;

/** Images of one result handed on as pictures; the others are only noted. */
export const MAX_PICTURES = 4;
/** A larger image is only noted (a picture is shrunk to `media.max_image_px` anyway). */
export const MAX_PICTURE_BYTES = 10 * 1024 * 1024;
const PICTURE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);

const base64Bytes = (data: unknown) => (typeof data === 'string' ? Math.floor((data.length * 3) / 4) : 0);
const str = (value: unknown, fallback = '') => (typeof value === 'string' ? value : fallback);

function formatItem(item: Item, t: McpMessages, pictures: Uint8Array[]): string {
  switch (item.type) {
    case 'text':
      return str(item.text);
    case 'image': {
      const mime = str(item.mimeType, '?');
      const bytes = base64Bytes(item.data);
      if (pictures.length >= MAX_PICTURES || bytes > MAX_PICTURE_BYTES || !PICTURE_TYPES.has(mime))
        return t.imageNote(mime, bytes);
      pictures.push(Buffer.from(item.data as string, 'base64'));
      return t.imageGiven(mime, bytes);
    }
    case 'audio':
      return t.audioNote(str(item.mimeType, '?'), base64Bytes(item.data));
    case 'resource': {
      const resource = (
        typeof item.resource === 'object' && item.resource !== null ? item.resource : {}
      ) as Item;
      if (typeof resource.text === 'string') return `[${str(resource.uri)}]\n${resource.text}`;
      return t.blobNote(str(resource.uri), str(resource.mimeType, '?'), base64Bytes(resource.blob));
    }
    case 'resource_link':
      return t.linkNote(str(item.uri), str(item.name));
    default:
      return JSON.stringify(item);
  }
}

export function formatCallResult(
  result: McpCallResult,
  t: McpMessages,
): { ok: boolean; content: string; pictures?: Uint8Array[] } {
  const ok = result.isError !== true;
  const items = Array.isArray(result.content) ? (result.content as unknown[]) : [];
  const pictures: Uint8Array[] = [];
  const parts = items
    .filter((item): item is Item => typeof item === 'object' && item !== null)
    .map((item) => formatItem(item, t, pictures));
  if (parts.length === 0 && result.structuredContent !== undefined)
    parts.push(JSON.stringify(result.structuredContent, null, 2));
  if (parts.length === 0 && result.toolResult !== undefined)
    parts.push(JSON.stringify(result.toolResult, null, 2));
  const content = parts.join('\n');
  return {
    ok,
    content: content === '' ? t.emptyResult : content,
    ...(pictures.length > 0 ? { pictures } : {}),
  };
}
