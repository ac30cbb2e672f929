/**
 * A connected server's resources and prompts, offered to the model as two tools of that server
 * (only when it declares them): `NAME__mcp_resources` (list its resources and templates, read
 * one by URI) and `NAME__mcp_prompts` (list its prompts, get one with arguments). They go through
 * the same safety decision, trust record and result limit as the server's own tools; a server
 * tool of the same name wins (the extra is then left out). Lists are cut at `MAX_LISTED` entries.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { cleanName, cleanText } from '../util/untrusted-text.js';
import { checkInputSchema } from './input-schema.js';
import type { McpMessages } from './messages.js';
import { describeHash } from './trust-store.js';

export type ExtraKind = 'resources' | 'prompts';
export const EXTRA_TOOL_NAMES: Record<ExtraKind, string> = {
  resources: 'mcp_resources',
  prompts: 'mcp_prompts',
};
const MAX_LISTED = 100;
/** Entries of one page read at all; a server's page of a million is counted only this far. */
const MAX_READ = 10_000;
const MAX_LINE_CHARS = 300;

const SCHEMAS: Record<ExtraKind, Record<string, unknown>> = {
  resources: {
    type: 'object',
    properties: {
      action: { type: 'string', enum: ['list', 'read'] },
      uri: { type: 'string', maxLength: 2000, description: 'read: the resource URI' },
      cursor: { type: 'string', maxLength: 1000, description: 'list: the next page (from the last list)' },
    },
    required: ['action'],
    additionalProperties: false,
  },
  prompts: {
    type: 'object',
    properties: {
      action: { type: 'string', enum: ['list', 'get'] },
      name: { type: 'string', maxLength: 200, description: 'get: the prompt name' },
      arguments: {
        type: 'object',
        additionalProperties: { type: 'string', maxLength: 10000 },
        description: 'get: the prompt arguments',
      },
      cursor: { type: 'string', maxLength: 1000, description: 'list: the next page (from the last list)' },
    },
    required: ['action'],
    additionalProperties: false,
  },
};

export interface ExtraEntry {
  kind: ExtraKind;
  name: string;
  description: string;
  hash: string;
  parameters: import('zod').ZodType;
  json: Record<string, unknown>;
}

/** The extra tools a server gets, given what it declared and the names its own tools use. */
export function extraTools(
  capabilities: { resources?: unknown; prompts?: unknown } | undefined,
  taken: ReadonlySet<string>,
  t: McpMessages,
): ExtraEntry[] {
  const kinds = (['resources', 'prompts'] as const).filter(
    (kind) => capabilities?.[kind] !== undefined && !taken.has(EXTRA_TOOL_NAMES[kind]),
  );
  return kinds.flatMap((kind) => {
    const checked = checkInputSchema(SCHEMAS[kind], t);
    if (!checked.ok) return [];
    const description = kind === 'resources' ? t.extraResources : t.extraPrompts;
    return [
      {
        kind,
        name: EXTRA_TOOL_NAMES[kind],
        description,
        hash: describeHash({ description, inputSchema: SCHEMAS[kind] }),
        parameters: checked.parameters,
        json: checked.json,
      },
    ];
  });
}

const line = (text: string) => cleanText(text).replaceAll('\n', ' ').slice(0, MAX_LINE_CHARS);
const str = (value: unknown) => (typeof value === 'string' ? value : '');

type Args = {
  action: string;
  uri?: string;
  name?: string;
  arguments?: Record<string, string>;
  cursor?: string;
};
type Options = { signal: AbortSignal; timeout: number };

function listing(items: string[], nextCursor: unknown, t: McpMessages): string {
  const shown = items.slice(0, MAX_LISTED);
  const more = items.length > MAX_LISTED ? [t.extraCut(items.length - MAX_LISTED)] : [];
  const next = typeof nextCursor === 'string' ? [t.extraNext(cleanName(nextCursor).slice(0, 1000))] : [];
  return [...(shown.length > 0 ? shown : [t.extraNone]), ...more, ...next].join('\n');
}

/** Runs one extra tool call; the answer has the shape of a `tools/call` result. */
export async function callExtra(
  client: Client,
  kind: ExtraKind,
  args: Args,
  options: Options,
  t: McpMessages,
) {
  const text = (value: string, isError = false) => ({ content: [{ type: 'text', text: value }], isError });
  const page = args.cursor ? { cursor: args.cursor } : {};
  if (kind === 'resources') {
    if (args.action === 'read') {
      if (!args.uri) return text(t.extraNeeds('uri'), true);
      const read = await client.readResource({ uri: args.uri }, options);
      const contents = Array.isArray(read.contents) ? read.contents : [];
      return { content: contents.map((resource) => ({ type: 'resource', resource })) };
    }
    const listed = await client.listResources(page, options);
    const items = (Array.isArray(listed.resources) ? listed.resources : [])
      .slice(0, MAX_READ)
      .map(
        (r) =>
          `${line(str(r.uri))} — ${line(str(r.name))}${r.description ? `: ${line(str(r.description))}` : ''}`,
      );
    if (!args.cursor) {
      // Templates are optional: a server that lists resources may not answer this.
      const templates = await client
        .listResourceTemplates({}, options)
        .catch(() => ({ resourceTemplates: [] }));
      for (const r of (templates.resourceTemplates ?? []).slice(0, MAX_LISTED))
        items.push(`${line(str(r.uriTemplate))} — ${line(str(r.name))} ${t.extraTemplate}`);
    }
    return text(listing(items, listed.nextCursor, t));
  }
  if (args.action === 'get') {
    if (!args.name) return text(t.extraNeeds('name'), true);
    const got = await client.getPrompt({ name: args.name, arguments: args.arguments ?? {} }, options);
    const messages = Array.isArray(got.messages) ? got.messages : [];
    return {
      content: messages.flatMap((message) => [
        { type: 'text', text: `[${line(str(message.role))}]` },
        ...(Array.isArray(message.content) ? message.content : [message.content]),
      ]),
    };
  }
  const listed = await client.listPrompts(page, options);
  const items = (Array.isArray(listed.prompts) ? listed.prompts : []).slice(0, MAX_READ).map((p) => {
    const params = (Array.isArray(p.arguments) ? p.arguments : [])
      .slice(0, 20)
      .map((a) => `${line(str(a.name))}${a.required ? '' : '?'}`);
    return `${line(str(p.name))}(${params.join(', ')})${p.description ? `: ${line(str(p.description))}` : ''}`;
  });
  return text(listing(items, listed.nextCursor, t));
}
