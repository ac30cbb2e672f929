import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

/** Where Debian and most Linux systems keep manual pages (sections of commands first). */
const MAN_DIRS = ['/usr/share/man', '/usr/local/share/man'];
const SECTIONS = ['1', '8', '6'];
/** A manual page is read only up to here (the NAME section is at the top). */
const MAX_PAGE_BYTES = 4 * 1024 * 1024;

function readPage(base: string): string | undefined {
  for (const [file, gz] of [
    [`${base}.gz`, true],
    [base, false],
  ] as const) {
    try {
      const bytes = readFileSync(file);
      if (bytes.length > MAX_PAGE_BYTES) return undefined;
      return (gz ? gunzipSync(bytes, { maxOutputLength: MAX_PAGE_BYTES }) : bytes).toString('utf8');
    } catch {}
  }
  return undefined;
}

/** Roff escapes that matter in a NAME line: fonts, `\-`, special characters, zero-width marks. */
function plainRoff(text: string): string {
  return text
    .replace(/\\f(\[[^\]]*\]|\(..|.)/g, '')
    .replace(/\\\(em|\\\(en/g, '-')
    .replace(/\\\((..)/g, '')
    .replace(/\\\[[^\]]*\]/g, '')
    .replace(/\\-/g, '-')
    .replace(/\\[&|^,/]/g, '')
    .replace(/\\ /g, ' ')
    .replace(/\\e/g, '\\')
    .replace(/\s+/g, ' ')
    .trim();
}

/** `ls - list directory contents` → `list directory contents`. */
function afterDash(text: string): string | undefined {
  const dash = text.search(/\s[-–—]\s/);
  return dash >= 0
    ? text
        .slice(dash)
        .replace(/^\s[-–—]\s/, '')
        .trim() || undefined
    : undefined;
}

/** The one-line description of a man page: `ls \- list directory contents` → `list directory contents`. */
export function manualNameLine(page: string): string | undefined {
  const lines = page.split('\n');
  const start = lines.findIndex((l) => /^\.S[hH]\s+"?(NAME|名称)"?\s*$/.test(l.trim()));
  if (start >= 0) {
    const body: string[] = [];
    for (const line of lines.slice(start + 1)) {
      if (/^\.S[hH]\b/.test(line)) break;
      if (line.startsWith('.') || line.startsWith("'")) {
        if (/^\.(B|I|BR|IR|RB)\s/.test(line)) body.push(line.replace(/^\.\w+\s+/, ''));
        continue;
      }
      body.push(line);
    }
    // One line per program the page covers (`bzcat \- decompresses …`): the first one describes it;
    // else the section as one line (a NAME line wrapped by the author).
    for (const text of [...body, body.join(' ')]) {
      const description = afterDash(plainRoff(text));
      if (description) return description;
    }
  }
  // mdoc pages (BSD style): `.Nd list directory contents`.
  const nd = lines.find((l) => l.startsWith('.Nd '));
  return nd ? plainRoff(nd.slice(4)) || undefined : undefined;
}

/**
 * The system's one-line description of a program (the NAME line of its manual page, what `whatis`
 * prints), tried for each name in order; read directly, so no `man-db` is needed.
 */
export function manualSummary(names: readonly string[]): string | undefined {
  for (const name of names) {
    if (!/^[\w.+-]+$/.test(name)) continue;
    for (const dir of MAN_DIRS) {
      for (const section of SECTIONS) {
        const page = readPage(join(dir, `man${section}`, `${name}.${section}`));
        const line = page ? manualNameLine(page) : undefined;
        if (line) return line.length > 200 ? `${line.slice(0, 199)}…` : line;
      }
    }
  }
  return undefined;
}
