/**
 * Checks one model tool call before it runs: a known tool, arguments that are JSON, arguments its
 * schema accepts. A call that fails is answered with a short correction the model can act on
 * (the tool it probably meant, the argument that is missing, an example of the JSON wanted), in
 * the turn's language. Small models get these wrong most; the loop counts them (run-turn.ts).
 */
import { z } from 'zod';
import type { Lang } from '../i18n/lang.js';
import type { ToolCall } from '../providers/types.js';
import type { AnyTool } from '../tools/tool.js';
import { nearestWord } from '../util/edit-distance.js';
import { agentMessages } from './messages.js';
import { toolParametersSchema } from './tool-specs.js';

export type ParsedArguments = { ok: true; value: unknown } | { ok: false; error: string };

export type CallCheck = { ok: true; tool: AnyTool; args: unknown } | { ok: false; correction: string };

/** Tool names listed in an "unknown tool" answer at most. */
const MAX_NAMES = 30;

interface JsonSchemaObject {
  properties?: Record<string, { type?: unknown }>;
  required?: string[];
}

function schemaOf(tool: AnyTool): JsonSchemaObject {
  return (tool.inputJsonSchema ?? toolParametersSchema(tool.parameters)) as JsonSchemaObject;
}

function placeholder(type: unknown): unknown {
  switch (Array.isArray(type) ? type[0] : type) {
    case 'integer':
    case 'number':
      return 0;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      return '…';
  }
}

/** `{"path": "…"}`: the required arguments with a placeholder of their type. */
function example(tool: AnyTool): string {
  const schema = schemaOf(tool);
  const entries = (schema.required ?? []).map((name) => [name, placeholder(schema.properties?.[name]?.type)]);
  return JSON.stringify(Object.fromEntries(entries));
}

function typeName(schema: JsonSchemaObject, name: string): string {
  const type = schema.properties?.[name]?.type;
  return Array.isArray(type) ? type.join('|') : typeof type === 'string' ? type : 'value';
}

/** One line per problem: a missing argument (and the unknown one it was probably meant as), or zod's words. */
function describeIssues(tool: AnyTool, value: unknown, error: z.ZodError, lang: Lang): string {
  const text = agentMessages(lang);
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return text.notAnObject(tool.name, example(tool));
  const schema = schemaOf(tool);
  const known = Object.keys(schema.properties ?? {});
  const given = Object.keys(value);
  const strays = given.filter((key) => !known.includes(key));
  const lines: string[] = [];
  const other: z.core.$ZodIssue[] = [];
  for (const issue of error.issues) {
    const key = issue.path.length === 1 ? String(issue.path[0]) : undefined;
    if (key !== undefined && issue.code === 'invalid_type' && !given.includes(key)) {
      const meant = strays.find((stray) => nearestWord(stray, [key]) === key);
      lines.push(
        meant ? text.misnamedArgument(meant, key) : text.missingArgument(key, typeName(schema, key)),
      );
    } else other.push(issue);
  }
  if (other.length > 0) lines.push(z.prettifyError(new z.ZodError(other)));
  return text.invalidArgs(tool.name, lines.join('\n'));
}

export function checkToolCall(
  call: ToolCall,
  parsed: ParsedArguments,
  tools: ReadonlyMap<string, AnyTool>,
  lang: Lang,
): CallCheck {
  const text = agentMessages(lang);
  const name = call.function.name;
  const tool = tools.get(name);
  if (!tool) {
    const names = [...tools.keys()];
    const meant = nearestWord(name, names);
    if (meant) return { ok: false, correction: text.unknownToolMeant(name, meant) };
    const shown = names.slice(0, MAX_NAMES).join(', ') + (names.length > MAX_NAMES ? ', …' : '');
    return { ok: false, correction: text.unknownTool(name, shown || '-') };
  }
  if (!parsed.ok) return { ok: false, correction: text.invalidJson(name, parsed.error, example(tool)) };
  const args = tool.parameters.safeParse(parsed.value);
  if (!args.success) return { ok: false, correction: describeIssues(tool, parsed.value, args.error, lang) };
  return { ok: true, tool, args: args.data };
}
