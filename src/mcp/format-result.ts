/**
 * Turns an MCP `tools/call` result into the text the model sees: text as is, embedded
 * text resources inline, images/audio/binary as a one-line note (never base64 into the
 * context), structured content as JSON when there is no text. Size limits are applied
 * afterwards by the same limiter as every other tool.
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

const base64Bytes = (data: unknown) => (typeof data === 'string' ? Math.floor((data.length * 3) / 4) : 0);
const str = (value: unknown, fallback = '') => (typeof value === 'string' ? value : fallback);

function formatItem(item: Item, t: McpMessages): string {
  switch (item.type) {
    case 'text':
      return str(item.text);
    case 'image':
      return t.imageNote(str(item.mimeType, '?'), base64Bytes(item.data));
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

export function formatCallResult(result: McpCallResult, t: McpMessages): { ok: boolean; content: string } {
  const ok = result.isError !== true;
  const items = Array.isArray(result.content) ? (result.content as unknown[]) : [];
  const parts = items
    .filter((item): item is Item => typeof item === 'object' && item !== null)
    .map((item) => formatItem(item, t));
  if (parts.length === 0 && result.structuredContent !== undefined)
    parts.push(JSON.stringify(result.structuredContent, null, 2));
  if (parts.length === 0 && result.toolResult !== undefined)
    parts.push(JSON.stringify(result.toolResult, null, 2));
  const content = parts.join('\n');
  return { ok, content: content === '' ? t.emptyResult : content };
}
