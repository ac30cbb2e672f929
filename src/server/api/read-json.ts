import { apiError } from './errors.js';
import type { ApiMessages } from './messages.js';

/** Largest JSON body the API reads. */
const MAX_JSON_BYTES = 256 * 1024;

/** Reads a JSON request body: one that is not JSON is `bad_json` (400), one too large `too_large` (413). */
export async function readJson(req: Request, t: ApiMessages): Promise<unknown> {
  const text = await req.text();
  if (text.length > MAX_JSON_BYTES) throw apiError('too_large', t.tooLarge(MAX_JSON_BYTES));
  try {
    return JSON.parse(text);
  } catch {
    throw apiError('bad_json', t.badJson);
  }
}
