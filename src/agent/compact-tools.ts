/**
 * Which tools a compact turn offers from the start (skills are found with search_skills), and
 * the others named for the system prompt. No zod here: the session layer reads this before the
 * agent loop is loaded.
 */
import type { Lang } from '../i18n/lang.js';
import type { AnyTool } from '../tools/tool.js';
import { compactToolBrief } from './messages.js';

export const COMPACT_CORE_TOOLS: ReadonlySet<string> = new Set([
  'run_command',
  'read_file',
  'write_file',
  'list_files',
  'web',
  'memory',
  'search_skills',
  'save_memory_and_end_conversation',
]);

const HINT_CHARS = 32;

/** The first sentence (Chinese or Western punctuation), at most `max` characters. */
export function firstSentence(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const end = flat.search(/[.!?;](\s|$)|[。！？；]/);
  const sentence = end >= 0 ? flat.slice(0, end + 1) : flat;
  return sentence.length <= max ? sentence : `${sentence.slice(0, max - 1).trimEnd()}…`;
}

/** A tool's one-line description in the compact profile: its brief, or its first sentence. */
export function briefDescription(tool: AnyTool, lang: Lang, max: number): string {
  return compactToolBrief(tool.name, lang) ?? firstSentence(tool.description, max);
}

/** The tools a compact turn does not offer at first, as `name: hint` for the system prompt. */
export function onDemandTools(tools: readonly AnyTool[], lang: Lang): string[] {
  return tools
    .filter((tool) => !COMPACT_CORE_TOOLS.has(tool.name))
    .map((tool) => `${tool.name}: ${briefDescription(tool, lang, HINT_CHARS).replace(/[.。]$/, '')}`);
}
