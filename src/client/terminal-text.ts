/**
 * Server text is hostile (model answers, tool output, fetched pages): written raw, an escape
 * sequence could retitle the terminal, write the clipboard (OSC 52) or redraw a line, and a bare
 * carriage return could hide part of a command over which the user is asked for approval. So every
 * string of a frame loses its control characters (C0 but tab and newline, DEL, C1) before it is shown.
 */

const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** Frames nest little; a value deeper than this becomes its JSON text (cleaned like any string). */
const MAX_DEPTH = 8;

export function withoutControls<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return value.replace(/\r\n/g, '\n').replace(CONTROLS, '') as T;
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return withoutControls(JSON.stringify(value)) as T;
  if (Array.isArray(value)) return value.map((item) => withoutControls(item, depth + 1)) as T;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = withoutControls(item, depth + 1);
  return copy as T;
}
