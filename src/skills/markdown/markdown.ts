import { cleanName, cleanText } from '../../util/untrusted-text.js';
import type { SkillMessages } from '../messages.js';
import { parseFrontMatter } from './front-matter.js';

type MarkdownParse = { ok: true; summary: string; body: string } | { ok: false; error: string };

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
const MAX_MARKDOWN_SUMMARY_CHARS = 200;

/**
 * A line that is not text a person would take as a description: HTML (`<p align="center"><img …>`),
 * an image or badge (`![…](…)`, `[![…](…)](…)`), a rule (`---`, `***`, `===`), a table or code
 * fence, or ASCII art (few letters among the symbols).
 */
function isTextLine(line: string): boolean {
  const text = line.trim();
  if (!text || text.startsWith('<') || /^!\[|^\[!\[/.test(text)) return false;
  if (/^([-*_=~`#|+:]\s*){3,}$/.test(text) || text.startsWith('```') || text.startsWith('|')) return false;
  const letters = (text.match(/[\p{L}\p{N}]/gu) ?? []).length;
  return letters >= 2 && letters / text.length >= 0.4;
}

function cap(line: string): string {
  return line.length > MAX_MARKDOWN_SUMMARY_CHARS
    ? `${line.slice(0, MAX_MARKDOWN_SUMMARY_CHARS - 1)}…`
    : line;
}

/**
 * A Markdown skill: UTF-8 (BOM stripped). Per the skill format spec the summary is the first
 * non-empty line without leading `#`s; guides from elsewhere get the front matter's `description`
 * (or `title`) instead, else the first line that is text. Capped at 200 characters. The body is
 * everything after the summary line (or after the front matter). An empty file is an error.
 */
export function parseMarkdownSkill(bytes: Uint8Array, t: SkillMessages): MarkdownParse {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return { ok: false, error: t.mdInvalidUtf8 };
  }
  const front = parseFrontMatter(text);
  const described = front.data.get('description') || front.data.get('title');
  if (described)
    return {
      ok: true,
      summary: cleanName(cap(described.replace(/\s+/g, ' ').trim())),
      body: cleanText(front.body.trim()),
    };
  const lines = front.body.split(/\r?\n/);
  for (let i = 0; i < lines.length; i += 1) {
    const summary = (lines[i] as string).replace(/^[\s#]+/, '').trim();
    if (summary && isTextLine(summary))
      return {
        ok: true,
        summary: cleanName(cap(summary)),
        body: cleanText(
          lines
            .slice(i + 1)
            .join('\n')
            .trim(),
        ),
      };
  }
  return { ok: false, error: t.mdEmpty };
}
