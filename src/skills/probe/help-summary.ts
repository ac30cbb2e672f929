/**
 * The summary of a `--help` text. The skill format spec's rule comes first: the first non-empty
 * line is the summary. Programs not written for Aibox often start with something else (a usage
 * line, an error about `--help`, a version banner), so when that line is not a description the
 * summary is the first description-like line before the option list, and failing that, the caller
 * falls back to the system manual or the usage line (`source` says which).
 */

/** Where the summary came from; anything but `help` is a fallback `aibox skills check` reports. */
export type SummarySource = 'help' | 'manual' | 'usage';

interface HelpSummary {
  summary: string;
  source: SummarySource;
}

/** `usage:` / `Usage:` / `用法:` opening a usage block. */
const USAGE_LINE = /^\s*(usage|用法)\s*[:：]/i;
/** Continuation of a usage block: `  or:  wc [OPTION]...`. */
const USAGE_OR = /^\s*(or|或)\s*[:：]/i;
/** Section headers (`options:`, `Commands`) and bare `Usage:` / `help:` lines. */
const HEADER =
  /^(usage|help|options|optional arguments|positional arguments|arguments|commands|flags|description|synopsis|examples?|用法|选项|参数|命令|说明|示例)\s*[:：]?$/i;
/** Lines that are never a description: errors about the `--help` argument, pointers to other help, banners. */
const JUNK: readonly RegExp[] = [
  /^#!/,
  /\b(unknown|unrecogni[sz]ed|invalid|illegal|unsupported|bad|ambiguous)\s+(option|argument|flag|command|parameter)/i,
  /\b(option|argument)\s+(requires|needs)\b/i,
  /\b(missing|extra) (operand|argument|file operand)/i,
  /^[\w./+-]+:\s+(error|fatal|warning|cannot|can't|no such|not found|must|failed)\b/i,
  /^(error|fatal|warning|e|w)\s*[:!]/i,
  /^\(?(try|see|type|use|run)\s+['"`‘(]?[\w./+ -]*--?h(elp)?\b/i,
  /^(for|to get) (more|additional|further|complete|detailed) (details|help|info|information|options)/i,
  /\breport (bugs|issues|problems)\b/i,
  /\b(bug reports?|full documentation|home ?page|copyright|licen[cs]e[ds]? under|written by|©)/i,
  /^[\w.+-]+,?\s+(version\s+)?v?\d+(\.\d+)+[\w.~+-]*(\s*\([^)]*\))?[\s,.:]*$/i,
  /^[\w.+-]+,?\s+(version\s+)?v?\d+(\.\d+)+.*\((amd64|i386|arm64|x86_64|aarch64|[\w-]*linux[\w-]*)\)/i,
  /^(version|ver\.?)\s*[:]?\s*v?\d/i,
  /\bversion\s+v?\d+(\.\d+)+/i,
  /^(this is|this program is)\s+(free|distributed)/i,
  /^[\w.+-]+\s+v?\d+(\.\d+)+[a-z]?\s+(of|by|from|\(|built|compiled|released)\b/i,
  /\b(not the full|full|more|complete|detailed)\s+help\b/i,
  /^(or|and)\s+['"`‘]/i,
  /\bno (input files?|arguments?|command) (given|specified)\b/i,
];

/** A short line that points at `--help` (`Try 'ps --help <s|l|o|t|m|a>'`) rather than describing. */
const HELP_POINTER = /--help\b|-h\b/;

function isJunk(line: string, name = ''): boolean {
  if (JUNK.some((pattern) => pattern.test(line))) return true;
  // `lsof: -e not followed by …`: a message prefixed with the program's name is an error.
  if (name && line.startsWith(`${name}:`)) return true;
  return HELP_POINTER.test(line) && (line.match(/[\p{L}\p{N}]+/gu) ?? []).length < 12;
}

/** A line that reads as a description: words, not an option, header, usage or synopsis line. */
function isDescription(line: string, name: string): boolean {
  const text = line.trim();
  if (!text || text.startsWith('-') || HEADER.test(text) || USAGE_LINE.test(text) || isJunk(text))
    return false;
  if (/[:：]$/.test(text)) return false;
  if (!/^[\p{L}\p{N}"'“‘(]/u.test(text)) return false;
  // A synopsis (`wc [OPTION]... FILE`) names the program and shows placeholders.
  if (name && text.startsWith(`${name} `) && /[[<{]|\.\.\./.test(text)) return false;
  const words = text.match(/[\p{L}\p{N}]+/gu) ?? [];
  const cjk = /[\u3400-\u9fff]/.test(text);
  return cjk || words.length >= 2;
}

/** The option list or a section starts: descriptions come before it. */
function startsOptions(line: string): boolean {
  const text = line.trim();
  return /^-{1,2}[\w?]/.test(text) || (HEADER.test(text) && !/^(usage|help|用法)\b/i.test(text));
}

/**
 * Finds the summary of `text` (already cleaned of terminal escapes): the first description, or
 * (source `usage`, the caller's last resort) the first usage line, else the first non-junk line.
 * Undefined for a blank text.
 */
export function summarizeHelp(text: string, name = ''): HelpSummary | undefined {
  const lines = text.split('\n');
  const first = lines.find((line) => line.trim() !== '');
  if (first === undefined) return undefined;
  const firstLine = first.trim();
  if (!USAGE_LINE.test(firstLine) && !HEADER.test(firstLine) && !isJunk(firstLine, name))
    return { summary: firstLine, source: 'help' };

  let usage: string | undefined;
  let inUsage = false;
  let seen = 0;
  for (const raw of lines) {
    const line = raw.trimEnd();
    const text = line.trim();
    if (!text) {
      inUsage = false;
      continue;
    }
    if (USAGE_LINE.test(text)) {
      inUsage = true;
      const rest = text.replace(USAGE_LINE, '').trim();
      usage ??= rest ? text : undefined;
      continue;
    }
    if (inUsage && (/^\s/.test(line) || USAGE_OR.test(text))) {
      if (usage === undefined) usage = `Usage: ${text}`;
      continue;
    }
    inUsage = false;
    if (startsOptions(line)) break;
    seen += 1;
    if (isDescription(line, name)) return { summary: text, source: 'help' };
    if (seen > 40) break;
  }
  const plain = lines.map((l) => l.trim()).find((l) => l && !isJunk(l, name) && !HEADER.test(l));
  return { summary: usage ?? plain ?? firstLine, source: 'usage' };
}
