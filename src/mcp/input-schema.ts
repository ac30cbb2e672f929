/**
 * Checks an MCP tool's `inputSchema` (JSON Schema from a server nobody here wrote) and turns it
 * into the zod validator the agent runs on the model's arguments. A schema that cannot be
 * checked disables that one tool, with the reason, rather than failing the turn.
 */
import { z } from 'zod';
import { describeError } from '../errors.js';
import type { McpMessages } from './messages.js';

type CheckedSchema =
  | { ok: true; parameters: z.ZodType; json: Record<string, unknown> }
  | { ok: false; reason: string };

/** Nesting beyond this is refused: a hostile schema must not make conversion or validation blow the stack. */
const MAX_DEPTH = 32;
/** The schema as JSON, at most this many characters (it is sent to the model at every turn). */
const MAX_SCHEMA_CHARS = 64 * 1024;

function depthOf(value: unknown, depth = 0): number {
  if (depth > MAX_DEPTH || typeof value !== 'object' || value === null) return depth;
  let deepest = depth;
  for (const child of Object.values(value)) deepest = Math.max(deepest, depthOf(child, depth + 1));
  return deepest;
}

export function checkInputSchema(schema: unknown, t: McpMessages): CheckedSchema {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema))
    return { ok: false, reason: t.schemaNotObject };
  const json = schema as Record<string, unknown>;
  if (json.type !== 'object') return { ok: false, reason: t.schemaType(JSON.stringify(json.type)) };
  if (JSON.stringify(json).length > MAX_SCHEMA_CHARS)
    return { ok: false, reason: t.schemaTooLarge(MAX_SCHEMA_CHARS) };
  if (depthOf(json) > MAX_DEPTH) return { ok: false, reason: t.schemaTooDeep(MAX_DEPTH) };
  try {
    const parameters = z.fromJSONSchema(json as Parameters<typeof z.fromJSONSchema>[0]);
    const { $schema: _ignored, ...rest } = json;
    return { ok: true, parameters, json: { ...rest, properties: rest.properties ?? {} } };
  } catch (error) {
    return { ok: false, reason: t.schemaInvalid(describeError(error)) };
  }
}
