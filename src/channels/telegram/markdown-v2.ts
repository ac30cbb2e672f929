/**
 * The model's Markdown as Telegram MarkdownV2. Only what survives any input is kept:
 * closed fenced code blocks, closed inline code and **bold**; everything else is escaped
 * to literal text, so unbalanced backticks or stray `*_[` never make a message invalid.
 * (The transport still falls back to plain text if Telegram rejects one.)
 */

/** Characters MarkdownV2 requires escaped in ordinary text. */
const SPECIAL = /[_*[\]()~`>#+\-=|{}.!\\]/g;

function escapeText(text: string): string {
  return text.replace(SPECIAL, (c) => `\\${c}`);
}

/** Inside `code` and ```pre```, only ` and \ are escaped. */
function escapeCode(text: string): string {
  return text.replace(/[`\\]/g, (c) => `\\${c}`);
}

const TOKEN = /```([A-Za-z0-9_+-]*)\n([\s\S]*?)```|`([^`\n]+)`|\*\*([^*\n]+?)\*\*/g;

export function toMarkdownV2(markdown: string): string {
  let out = '';
  let last = 0;
  for (const match of markdown.matchAll(TOKEN)) {
    out += escapeText(markdown.slice(last, match.index));
    const [whole, lang, block, inline, bold] = match;
    if (block !== undefined) out += `\`\`\`${lang ?? ''}\n${escapeCode(block)}\`\`\``;
    else if (inline !== undefined) out += `\`${escapeCode(inline)}\``;
    else out += `*${escapeText(bold ?? '')}*`;
    last = match.index + whole.length;
  }
  return out + escapeText(markdown.slice(last));
}
