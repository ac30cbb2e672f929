/**
 * Tool definitions for the model: each tool's zod schema as a JSON Schema that
 * OpenAI-compatible `function.parameters` accept (an object at the root, no `$schema`).
 */
import { z } from 'zod';
import type { ToolSpec } from '../providers/types.js';
import type { AnyTool } from '../tools/tool.js';

/** Converted once per schema (schemas are immutable): `toolSpecs` runs at every turn. */
const converted = new WeakMap<z.ZodType, Record<string, unknown>>();

export function toolParametersSchema(schema: z.ZodType): Record<string, unknown> {
  let json = converted.get(schema);
  if (!json) {
    json = convert(schema);
    converted.set(schema, json);
  }
  return json;
}

function convert(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  const { $schema: _ignored, ...rest } = json;
  if (rest.type !== 'object') return { type: 'object', properties: {} };
  if (!rest.properties) rest.properties = {};
  return rest;
}

export function toolSpecs(tools: readonly AnyTool[]): ToolSpec[] {
  return tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    parameters: tool.inputJsonSchema ?? toolParametersSchema(tool.parameters),
  }));
}
