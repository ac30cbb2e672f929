import type { SkillMessages } from './messages.js';

export type MarkdownParse = { ok: true; summary: string; body: string } | { ok: false; error: string };

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/**
 * A Markdown skill: UTF-8 (BOM stripped); summary = first non-empty line without leading `#`s and
 * spaces; body = everything after that line. An empty file is an error.
 */
export function parseMarkdownSkill(bytes: Uint8Array, t: SkillMessages): MarkdownParse {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return { ok: false, error: t.mdInvalidUtf8 };
  }
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i += 1) {
    const summary = (lines[i] as string).replace(/^[\s#]+/, '').trim();
    if (summary)
      return {
        ok: true,
        summary,
        body: lines
          .slice(i + 1)
          .join('\n')
          .trim(),
      };
  }
  return { ok: false, error: t.mdEmpty };
}
