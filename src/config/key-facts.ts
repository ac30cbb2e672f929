/**
 * What the schema says about each config key besides its type and default: whether `/reload`
 * applies it to a running box, whether it is a secret, and one line of description in zh and en.
 * A key's schema carries its facts (`key(z.int().default(3), { … })` in schema.ts); `/reload`, the
 * redacted `/config` view, `aibox config`, the page's Settings tab and docs/configuration.md are
 * all read from there (config-keys.ts walks the schema), and test/config/config-doc.test.ts fails
 * when the doc and the schema differ.
 */
import { z } from 'zod';

export interface KeyFacts {
  /** true: `/reload` (and the Settings tab) apply it to the running box; false: it waits for a restart. */
  live: boolean;
  /**
   * Shown only as set / not set. `true`: the whole value. A list of paths below the key (`*` matches
   * any one key): only those values, e.g. each MCP server's `env` values, whose names are shown.
   */
  secret?: true | readonly (readonly string[])[];
  /** One line, no trailing period needed. */
  zh: string;
  en: string;
}

/** Every key's facts, keyed by the key's schema (the value in its section's shape). */
export const KEY_FACTS = z.registry<KeyFacts>();

/** A config key: its schema (with its default) and its facts. */
export function key<T extends z.ZodType>(schema: T, facts: KeyFacts): T {
  KEY_FACTS.add(schema as z.ZodType, facts);
  return schema;
}

/** A section's name in both languages (the Settings tab's headings). */
export interface SectionFacts {
  zh: string;
  en: string;
}

export const SECTION_FACTS = z.registry<SectionFacts>();

export function section<T extends z.ZodType>(schema: T, facts: SectionFacts): T {
  SECTION_FACTS.add(schema as z.ZodType, facts);
  return schema;
}
