/**
 * `elicitation/create` (form mode) from a connected server: the server asks the user for values.
 * The box has no form of its own yet, so a form is answered only when every field it wants has a
 * value already, its `default` (of the field's type; for a choice, one of its values): the
 * person of the tool call it came during is asked yes/no through the approval prompt, shown the
 * server's message and the values that would be sent. Yes accepts with them, no declines, no
 * answer in time cancels; nobody to ask, or a required field without a default, declines. URL mode
 * is not offered. The request is hostile input: at most `MAX_FIELDS` fields, text cut short.
 */
import type { ElicitRequestFormParams, ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import type { Lang } from '../i18n/lang.js';
import { cleanText } from '../util/untrusted-text.js';
import { mcpMessages } from './messages.js';
import type { SamplingOrigin } from './sampling.js';

const MAX_FIELDS = 20;
const MAX_MESSAGE_CHARS = 2000;

type Value = string | number | boolean | string[];

/** The values a field allows, when it lists them (`enum`, or `oneOf`/`anyOf` of `const`s). */
function allowed(field: Record<string, unknown>): unknown[] | undefined {
  if (Array.isArray(field.enum)) return field.enum;
  const options = Array.isArray(field.oneOf)
    ? field.oneOf
    : Array.isArray(field.anyOf)
      ? field.anyOf
      : undefined;
  return options?.map((option) => (option as { const?: unknown }).const);
}

/** A field's default when it has one that fits its type (and its listed values), else undefined. */
function defaultOf(field: Record<string, unknown>): Value | undefined {
  const value = field.default;
  const fits = (v: unknown, options: unknown[] | undefined) => !options || options.includes(v);
  switch (field.type) {
    case 'string':
      return typeof value === 'string' && fits(value, allowed(field)) ? value.slice(0, 1000) : undefined;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
    case 'integer':
      return Number.isInteger(value) ? (value as number) : undefined;
    case 'boolean':
      return typeof value === 'boolean' ? value : undefined;
    case 'array': {
      const items = allowed((field.items ?? {}) as Record<string, unknown>);
      const ok =
        Array.isArray(value) &&
        value.length <= MAX_FIELDS &&
        value.every((v) => typeof v === 'string' && v.length <= 1000 && fits(v, items));
      return ok ? (value as string[]) : undefined;
    }
    default:
      return undefined;
  }
}

/** The values to send, or undefined when a field the server requires has none. */
function valuesOf(schema: ElicitRequestFormParams['requestedSchema']): Record<string, Value> | undefined {
  const fields = Object.entries(schema.properties ?? {});
  if (fields.length > MAX_FIELDS) return undefined;
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const values: Record<string, Value> = {};
  for (const [name, field] of fields) {
    const value = defaultOf(field as Record<string, unknown>);
    if (value !== undefined) values[name] = value;
    else if (required.has(name)) return undefined;
  }
  return values;
}

export async function answerElicitation(
  params: ElicitRequestFormParams,
  options: { server: string; lang: Lang; origin: SamplingOrigin | undefined },
): Promise<ElicitResult> {
  const { server, origin } = options;
  const t = mcpMessages(origin?.lang ?? options.lang);
  const values = valuesOf(params.requestedSchema);
  if (!values || !origin?.requestApproval) return { action: 'decline' };
  const message = cleanText(String(params.message)).slice(0, MAX_MESSAGE_CHARS);
  const shown = Object.entries(values).map(
    ([name, value]) => `${cleanText(name).slice(0, 100)}: ${JSON.stringify(value)}`,
  );
  const outcome = await origin.requestApproval({
    tool: `${server}__elicitation`,
    command: [message, ...shown].join('\n'),
    reason: t.elicitationReason(server),
  });
  if (outcome.approved) return { action: 'accept', content: values };
  return { action: outcome.how === 'timeout' ? 'cancel' : 'decline' };
}
