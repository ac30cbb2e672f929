/**
 * Every key of config.json with what the schema knows about it: its path, its facts (live,
 * secret, description: key-facts.ts), its JSON Schema (type, bounds, choices) and its default.
 * A key is a value in a section's fixed shape that is not itself such a section (`llm.timeout_s`,
 * `channels.telegram.allowed_ids`, `mcp.servers`, `safety.rules`).
 */
import { z } from 'zod';
import { KEY_FACTS, type KeyFacts, SECTION_FACTS, type SectionFacts } from './key-facts.js';
import { ConfigSchema, defaultConfig } from './schema.js';

type AnySchema = z.core.$ZodType;

export interface ConfigKey {
  /** The keys leading to it, e.g. `['channels', 'telegram', 'allowed_ids']`. */
  path: readonly string[];
  /** Dotted, e.g. `channels.telegram.allowed_ids`. */
  name: string;
  facts: KeyFacts;
  /** The value's JSON Schema (as input; `{}` for a shape JSON Schema cannot say). */
  jsonSchema: Record<string, unknown>;
  default: unknown;
}

export interface ConfigSection {
  path: readonly string[];
  name: string;
  facts: SectionFacts | undefined;
}

/** The schemas from the outer wrapper (default, optional, pipe) to the one that holds the shape. */
function layers(schema: AnySchema): AnySchema[] {
  const out = [schema];
  let current = schema;
  for (let i = 0; i < 16; i++) {
    const def = current._zod.def as { innerType?: AnySchema; in?: AnySchema; type: string };
    const inner = def.innerType ?? (def.type === 'pipe' ? def.in : undefined);
    if (!inner) break;
    out.push(inner);
    current = inner;
  }
  return out;
}

function shapeOf(schema: AnySchema): Record<string, AnySchema> | undefined {
  const def = layers(schema).at(-1)?._zod.def as { type: string; shape?: Record<string, AnySchema> };
  return def.type === 'object' ? def.shape : undefined;
}

function factsOf<T>(registry: { get(schema: AnySchema): T | undefined }, schema: AnySchema): T | undefined {
  for (const layer of layers(schema)) {
    const facts = registry.get(layer);
    if (facts) return facts;
  }
  return undefined;
}

function jsonSchemaOf(schema: AnySchema): Record<string, unknown> {
  const json = z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  delete json.$schema;
  return json;
}

function valueAtPath(root: unknown, path: readonly string[]): unknown {
  let node = root;
  for (const part of path) node = (node as Record<string, unknown> | undefined)?.[part];
  return node;
}

interface Walked {
  keys: ConfigKey[];
  sections: ConfigSection[];
  /** Keys whose schema carries no facts (a test fails on any). */
  missing: string[];
}

function walk(): Walked {
  const defaults = defaultConfig();
  const out: Walked = { keys: [], sections: [], missing: [] };
  const visit = (shape: Record<string, AnySchema>, path: string[]) => {
    for (const [name, schema] of Object.entries(shape)) {
      const at = [...path, name];
      const inner = shapeOf(schema);
      if (inner) {
        out.sections.push({ path: at, name: at.join('.'), facts: factsOf(SECTION_FACTS, schema) });
        visit(inner, at);
        continue;
      }
      const facts = factsOf(KEY_FACTS, schema);
      if (!facts) {
        out.missing.push(at.join('.'));
        continue;
      }
      out.keys.push({
        path: at,
        name: at.join('.'),
        facts,
        jsonSchema: jsonSchemaOf(schema),
        default: valueAtPath(defaults, at),
      });
    }
  };
  visit(shapeOf(ConfigSchema) ?? {}, []);
  return out;
}

let walked: Walked | undefined;
function walkedOnce(): Walked {
  walked ??= walk();
  return walked;
}

/** Every key, in the schema's order. */
export function configKeys(): readonly ConfigKey[] {
  return walkedOnce().keys;
}

/** Every section (an object of keys), in the schema's order, outer before inner. */
export function configSections(): readonly ConfigSection[] {
  return walkedOnce().sections;
}

/** Keys declared without facts (none, or test/config/config-doc.test.ts fails). */
export function keysWithoutFacts(): readonly string[] {
  return walkedOnce().missing;
}

/** The key a value's path lies in (`mcp.servers.fs.command` → `mcp.servers`), if any. */
export function keyOfPath(path: readonly string[]): ConfigKey | undefined {
  return configKeys().find(
    (k) => k.path.length <= path.length && k.path.every((part, i) => part === path[i]),
  );
}

function matches(pattern: readonly string[], path: readonly string[]): boolean {
  return pattern.length === path.length && pattern.every((part, i) => part === '*' || part === path[i]);
}

/** Whether the value at `path` (its keys, not dotted: an env or header name may hold a dot) is a secret. */
export function isSecretPath(path: readonly string[]): boolean {
  const key = keyOfPath(path);
  const secret = key?.facts.secret;
  if (!key || !secret) return false;
  if (secret === true) return true;
  const below = path.slice(key.path.length);
  return secret.some((pattern) => matches(pattern, below));
}

/** The type of a key in a word or two, as docs/configuration.md and `aibox config keys` show it. */
export function typeLabel(jsonSchema: Record<string, unknown>): string {
  if (Array.isArray(jsonSchema.enum)) return 'enum';
  const type = jsonSchema.type;
  if (type === 'array') {
    const items = (jsonSchema.items ?? {}) as Record<string, unknown>;
    return `${typeof items.type === 'string' ? items.type : 'any'}[]`;
  }
  if (type === 'object') return 'map';
  return typeof type === 'string' ? type : 'any';
}

/** `live` or `restart`, and `secret` when it is one: the "applies" cell of docs/configuration.md. */
export function appliesLabel(facts: KeyFacts): string {
  return `${facts.live ? 'live' : 'restart'}${facts.secret ? ', secret' : ''}`;
}
