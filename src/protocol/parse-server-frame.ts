/** The client side's reading of a server frame: JSON with a string `type`, else dropped. */
import type { ServerFrame } from './frames.js';

/** Parses one text frame; anything that is not an object with a string `type` is `undefined`. */
export function parseServerFrame(data: unknown): ServerFrame | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const value: unknown = JSON.parse(data);
    if (value && typeof value === 'object' && typeof (value as { type?: unknown }).type === 'string') {
      return value as ServerFrame;
    }
  } catch {
    // not JSON: ignored (the server only sends JSON)
  }
  return undefined;
}
