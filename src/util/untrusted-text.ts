/**
 * Text from outside (model answers, tool output, MCP servers, skill files, archive entries) made
 * safe to show on a terminal, in the page or to the model. Written raw, an escape sequence could
 * retitle the terminal, write the clipboard (OSC 52) or redraw a line; a bare carriage return or a
 * right-to-left override could make a command or name read differently from what it is; invisible
 * format characters (zero-width, tag characters) can hide text from the person but not the model.
 *
 * What goes: every control character (C0, DEL, C1) but tab and newline in text (names keep none:
 * line breaks and tabs become spaces), the bidi controls (U+061C, U+200E/200F, U+202A–202E,
 * U+2066–2069) and the other format characters (Unicode category Cf), line/paragraph separators.
 * What stays: the zero-width (non-)joiners U+200C/U+200D, which emoji and Indic scripts need and
 * which reorder or hide nothing.
 */

const CONTROLS_IN_TEXT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/gu;
const LINE_BREAKS = /\r\n?|[\n\t\u000b\u000c\u0085\u2028\u2029]/gu;
const INVISIBLE_FORMAT = /(?![\u200c\u200d])[\p{Cf}\u2028\u2029]/gu;

/** Multi-line text: controls but tab and newline removed (a bare `\r` too), `\r\n` and U+2028/2029 made `\n`. */
export function cleanText(text: string): string {
  return text
    .replace(/\r\n|[\u2028\u2029]/gu, '\n')
    .replace(CONTROLS_IN_TEXT, '')
    .replace(INVISIBLE_FORMAT, '');
}

/** A name or other one-line value (tool, skill, file, server): one line, nothing hidden. */
export function cleanName(name: string): string {
  return name
    .replace(LINE_BREAKS, ' ')
    .replace(/\p{Cc}/gu, '')
    .replace(INVISIBLE_FORMAT, '');
}

/** True when `name` has nothing that `cleanName` would remove or change. */
export function isCleanName(name: string): boolean {
  return cleanName(name) === name;
}

/** Frames nest little; a value deeper than this becomes its JSON text (cleaned like any string). */
const MAX_DEPTH = 8;

/** Every string of a value (a frame, an API answer) through `cleanText`; keys too. */
export function cleanDeep<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return cleanText(value) as T;
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return cleanText(JSON.stringify(value)) as T;
  if (Array.isArray(value)) return value.map((item) => cleanDeep(item, depth + 1)) as T;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[cleanName(key)] = cleanDeep(item, depth + 1);
  return copy as T;
}

/**
 * Terminal formatting in program output: ANSI escape sequences (`\x1b[1mNAME`) and backspace
 * overstrike (`S\bSU\bU`: bold, `_\bX`: underline, as `less` and `man` print them).
 */
const ANSI = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]/g;
const OVERSTRIKE = /[^\n]\x08/g;

/** Program output as a person reads it: formatting dropped (not just its escape), then `cleanText`. */
export function plainTerminalText(text: string): string {
  let plain = text.replace(ANSI, '');
  // `X\bX` and `_\bX` both show X: drop each character that a backspace takes back.
  while (plain.includes('\b')) {
    const next = plain.replace(OVERSTRIKE, '');
    if (next === plain) break;
    plain = next;
  }
  return cleanText(plain);
}
