/**
 * YAML front matter of a Markdown file (`---` … `---` at the very top), as Agent Skills and many
 * guides use it. Only top-level scalar keys are read (plain, quoted, or `|` / `>` block scalars);
 * nested maps and lists (`metadata:`, `allowed-tools:`) are skipped. Enough for `name`,
 * `description` and `title`, without a YAML dependency.
 */
interface FrontMatter {
  /** Top-level scalar values by key. */
  data: Map<string, string>;
  /** The text after the closing delimiter (the whole text when there is no front matter). */
  body: string;
  /** Present when the text opens front matter that never closes. */
  unclosed?: boolean;
}

const OPEN = /^---[ \t]*$/;
const CLOSE = /^(---|\.\.\.)[ \t]*$/;
const KEY = /^([A-Za-z_][\w-]*)[ \t]*:(?:[ \t]+(.*))?$/;

function unquote(value: string): string {
  const v = value.trim();
  if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) {
    try {
      return JSON.parse(v) as string;
    } catch {
      return v.slice(1, -1);
    }
  }
  if (v.length >= 2 && v.startsWith("'") && v.endsWith("'")) return v.slice(1, -1).replace(/''/g, "'");
  return v.replace(/\s+#.*$/, '');
}

export function parseFrontMatter(text: string): FrontMatter {
  const lines = text.split(/\r?\n/);
  if (!OPEN.test(lines[0] ?? '')) return { data: new Map(), body: text };
  const end = lines.findIndex((line, i) => i > 0 && CLOSE.test(line));
  if (end < 0) return { data: new Map(), body: text, unclosed: true };
  const data = new Map<string, string>();
  for (let i = 1; i < end; i += 1) {
    const match = KEY.exec(lines[i] as string);
    if (!match) continue;
    const key = match[1] as string;
    const raw = (match[2] ?? '').trim();
    if (raw === '') continue; // a nested map or list follows
    if (/^[|>][+-]?$/.test(raw)) {
      const block: string[] = [];
      while (i + 1 < end && (/^\s/.test(lines[i + 1] as string) || (lines[i + 1] as string).trim() === '')) {
        i += 1;
        block.push((lines[i] as string).trim());
      }
      data.set(key, raw.startsWith('>') ? block.filter(Boolean).join(' ') : block.join('\n').trim());
      continue;
    }
    data.set(key, unquote(raw));
  }
  return { data, body: lines.slice(end + 1).join('\n') };
}
