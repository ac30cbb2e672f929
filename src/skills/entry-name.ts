/**
 * Names of the entries of a skill archive or folder from outside. A name that carries characters a
 * terminal, the page or the model would act on, or that hide what follows them, is refused before
 * anything is written or shown; it is never cleaned, so what lands on disk is what the archive says.
 */

/** C0 controls (ESC, CR, LF, BEL …), DEL and the C1 controls (CSI U+009B, OSC U+009D …). */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/u;

/**
 * Characters that reorder or hide text: the bidi embeddings and overrides U+202A–202E, the
 * isolates U+2066–2069, the marks U+200E/200F and U+061C, zero-width characters, line and
 * paragraph separators, and the tag characters U+E0000–E007F.
 */
const HIDDEN =
  /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\u200b-\u200d\u2060\ufeff\u2028\u2029\u{e0000}-\u{e007f}]/u;

/** Every character of CONTROL or HIDDEN, for display. */
const UNSAFE_ALL =
  /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\u200b-\u200d\u2060\ufeff\u2028\u2029\u{e0000}-\u{e007f}]/gu;

/** Longest shown name, in characters: an error names the entry, not a page of it. */
const SHOWN_CHARS = 120;

export type EntryNameProblem = 'control' | 'hidden' | 'not_utf8';

/** Why a raw entry name must be refused, or undefined when its characters are fine. */
export function entryNameProblem(name: string): EntryNameProblem | undefined {
  if (CONTROL.test(name)) return 'control';
  if (HIDDEN.test(name)) return 'hidden';
  // A name that was not UTF-8 decodes with replacement characters.
  if (name.includes('\ufffd')) return 'not_utf8';
  return undefined;
}

/**
 * A name as it may be shown anywhere (an error, the page, the model): every control or hidden
 * character written as `\u{…}`, the whole cut to a readable length.
 */
export function shownEntryName(name: string): string {
  const escaped = name.replace(UNSAFE_ALL, (ch) => `\\u{${(ch.codePointAt(0) ?? 0).toString(16)}}`);
  const chars = [...escaped];
  return chars.length > SHOWN_CHARS ? `${chars.slice(0, SHOWN_CHARS).join('')}…` : escaped;
}

/** Hidden characters in a text (the install scan's rule): index and code point of each, up to `max`. */
export function hiddenCharacters(text: string, max: number): { index: number; codePoint: number }[] {
  const found: { index: number; codePoint: number }[] = [];
  const all = new RegExp(HIDDEN.source, 'gu');
  for (const match of text.matchAll(all)) {
    // A byte-order mark that opens the file is only an encoding marker.
    if (match.index === 0 && match[0] === '\ufeff') continue;
    found.push({ index: match.index, codePoint: match[0].codePointAt(0) ?? 0 });
    if (found.length >= max) break;
  }
  return found;
}
