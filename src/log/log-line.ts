/**
 * One log record → one JSON line, in pino's shape (`level`, `time`, `pid`, bindings, fields, `msg`
 * last), so `ai.log` reads the same as before and `console-format.ts` can print it.
 * Secrets: a field named like one of `REDACTED_KEYS` is replaced by `[redacted]` at any depth
 * (a nested `config.server.token`, a request's `headers.authorization`). Errors become
 * `{ type, message, stack, …own fields }` (with their `cause`); cycles and BigInts never throw.
 */

/** Keys whose values never reach a log line, whatever their depth. Never pass a token in a message. */
export const REDACTED_KEYS: ReadonlySet<string> = new Set([
  'token',
  'apiKey',
  'api_key',
  'authorization',
  'Authorization',
  'password',
  'key',
]);

const CENSOR = '[redacted]';

/** Error → a plain object JSON can hold (JSON.stringify of an Error is `{}`). */
function serializeError(error: Error): Record<string, unknown> {
  const out: Record<string, unknown> = { type: error.constructor?.name ?? 'Error', message: error.message };
  if (error.stack) out.stack = error.stack;
  for (const [k, v] of Object.entries(error)) if (!(k in out)) out[k] = v;
  if (error.cause !== undefined && !('cause' in out)) out.cause = error.cause;
  return out;
}

function replacer(seen?: WeakSet<object>) {
  return function replace(this: unknown, key: string, value: unknown): unknown {
    if (REDACTED_KEYS.has(key) && value !== undefined) return CENSOR;
    if (typeof value === 'bigint') return value.toString();
    if (typeof value !== 'object' || value === null) return value;
    if (seen) {
      if (seen.has(value)) return '[Circular]';
      seen.add(value);
    }
    return value instanceof Error ? serializeError(value) : value;
  };
}

/** JSON of a record's fields without the surrounding braces ('' when there are none). */
export function fieldsJson(fields: Record<string, unknown>): string {
  let json: string;
  try {
    json = JSON.stringify(fields, replacer());
  } catch {
    // A cycle (or a throwing toJSON): mark repeats instead of failing the log call.
    try {
      json = JSON.stringify(fields, replacer(new WeakSet()));
    } catch (error) {
      json = JSON.stringify({ logError: String(error) });
    }
  }
  return json.length > 2 ? json.slice(1, -1) : '';
}

/** The full line: `prefix` is the logger's pre-serialised bindings (`fieldsJson` of them). */
export function logLine(level: number, prefix: string, fields: string, msg: string | undefined): string {
  let line = `{"level":${level},"time":"${new Date().toISOString()}","pid":${process.pid}`;
  if (prefix) line += `,${prefix}`;
  if (fields) line += `,${fields}`;
  if (msg !== undefined) line += `,"msg":${JSON.stringify(msg)}`;
  return `${line}}\n`;
}
