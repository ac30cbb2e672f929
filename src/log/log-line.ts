/**
 * One log record → one JSON line, in pino's shape (`level`, `time`, `pid`, bindings, fields, `msg`
 * last), so `ai.log` reads the same as before and `console-format.ts` can print it.
 * Secrets: a field `isSecretKey` names is replaced by `[redacted]` at any depth
 * (a nested `config.server.token`, a request's `headers.authorization`). Errors become
 * `{ type, message, stack, …own fields }` (with their `cause`); cycles and BigInts never throw.
 */

/**
 * Whether a field's value never reaches a log line, whatever its depth: the names pino redacted
 * (`token`, `apiKey`, `api_key`, `authorization`, `password`, `key`) and every name ending in
 * token, secret, password or api key in any spelling (`bot_token`, `app_secret`, `client_secret`,
 * `GITHUB_TOKEN` in an MCP server's env, `X-Api-Key`), plus cookies. Counts such as `max_tokens`
 * stay. Never pass a token in a message.
 */
function isSecretKey(key: string): boolean {
  const name = key.toLowerCase().replace(/[-_]/g, '');
  return EXACT_SECRET_NAMES.has(name) || SECRET_ENDINGS.some((end) => name.endsWith(end));
}

const EXACT_SECRET_NAMES: ReadonlySet<string> = new Set(['key', 'authorization', 'cookie', 'setcookie']);
const SECRET_ENDINGS = ['token', 'secret', 'password', 'apikey'];

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
    if (value !== undefined && isSecretKey(key)) return CENSOR;
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
