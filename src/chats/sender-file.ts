/**
 * The shape of `channel-senders.json` and its check. Checked by hand, not with zod: the server
 * holds a sender store from its start, and zod is not loaded until something needs it.
 */

export interface SenderFile {
  codes: { hash: string; expires: number }[];
  /** channel name → sender ids. */
  paired: Record<string, string[]>;
  /** channel name → chat id → the allowed sender last seen there (where results may be posted). */
  chats: Record<string, Record<string, string>>;
  /** channel name → ids of those chats that are one-to-one chats with their opener. */
  direct: Record<string, string[]>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A broken file: the error names the file and the field. */
function broken(path: string, field: string, expected: string): Error {
  return new Error(`${path}: "${field}" must be ${expected}`);
}

function recordOf<T>(
  value: unknown,
  path: string,
  field: string,
  expected: string,
  item: (v: unknown, key: string) => T,
): Record<string, T> {
  if (value === undefined) return {};
  if (!isRecord(value)) throw broken(path, field, expected);
  const out: Record<string, T> = {};
  for (const [key, v] of Object.entries(value)) out[key] = item(v, `${field}.${key}`);
  return out;
}

/** The file's parsed JSON as a SenderFile (missing lists and maps are empty); throws naming what is wrong. */
export function parseSenderFile(value: unknown, path: string): SenderFile {
  if (!isRecord(value)) throw broken(path, '(file)', 'an object');
  const codes = value.codes ?? [];
  if (
    !Array.isArray(codes) ||
    !codes.every((c) => isRecord(c) && typeof c.hash === 'string' && typeof c.expires === 'number')
  )
    throw broken(path, 'codes', 'a list of { hash: string, expires: number }');
  const strings = (v: unknown, field: string) => {
    if (!Array.isArray(v) || !v.every((s) => typeof s === 'string'))
      throw broken(path, field, 'a list of strings');
    return v as string[];
  };
  const text = (v: unknown, field: string) => {
    if (typeof v !== 'string') throw broken(path, field, 'a string');
    return v;
  };
  return {
    codes: codes.map((c) => ({ hash: c.hash, expires: c.expires })),
    paired: recordOf(value.paired, path, 'paired', 'an object of sender lists', strings),
    chats: recordOf(value.chats, path, 'chats', 'an object of chats', (v, field) =>
      recordOf(v, path, field, 'an object of sender ids', text),
    ),
    direct: recordOf(value.direct, path, 'direct', 'an object of chat id lists', strings),
  };
}
