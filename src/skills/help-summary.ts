/** `usage:` / `Usage:` / `用法:` opening a help text (argparse prints it before the description). */
const USAGE_LINE = /^\s*(usage|用法)\s*[:：]/i;
/** Section headers that are not a summary sentence. */
const SECTION_HEADER =
  /^(options|optional arguments|positional arguments|arguments|commands|flags|选项|参数|命令)\b/i;

export interface HelpSummary {
  summary: string;
  /** True when the help has no one-line summary (only a usage line): `aibox skills check` warns. */
  missingSummary: boolean;
}

function isSentence(line: string): boolean {
  const text = line.trim();
  if (!text || /[:：]$/.test(text) || text.startsWith('-')) return false;
  return !SECTION_HEADER.test(text) && !USAGE_LINE.test(text);
}

/**
 * The summary of a `--help` text: its first non-empty line, except that a leading usage block
 * (the usage line and its indented continuation lines) is skipped when a sentence follows it.
 * Returns undefined for a blank text.
 */
export function summarizeHelp(text: string): HelpSummary | undefined {
  const lines = text.split(/\r?\n/);
  const first = lines.findIndex((line) => line.trim() !== '');
  if (first < 0) return undefined;
  const firstLine = (lines[first] as string).trim();
  if (!USAGE_LINE.test(firstLine)) return { summary: firstLine, missingSummary: false };
  let next = first + 1;
  while (next < lines.length && /^\s+\S/.test(lines[next] as string)) next += 1;
  while (next < lines.length && (lines[next] as string).trim() === '') next += 1;
  const candidate = lines[next];
  if (candidate !== undefined && isSentence(candidate))
    return { summary: candidate.trim(), missingSummary: false };
  return { summary: firstLine, missingSummary: true };
}
