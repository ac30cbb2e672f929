/**
 * Names of the entries of a skill archive or folder from outside. A name that carries characters a
 * terminal, the page or the model would act on, or that hide what follows them, is refused before
 * anything is written or shown; it is never cleaned, so what lands on disk is what the archive says.
 */
import { isCleanName } from '../../util/untrusted-text.js';

/** Any control character: C0 (ESC, CR, LF, BEL …), DEL and C1 (CSI U+009B, OSC U+009D …). */
const CONTROL = /\p{Cc}/u;

/**
 * What the scan calls hidden text: the bidi embeddings and overrides U+202A–202E, the isolates
 * U+2066–2069, the marks U+200E/200F and U+061C, the zero-width space U+200B, word joiner U+2060
 * and U+FEFF, line and paragraph separators, and the tag characters U+E0000–E007F. The zero-width
 * (non-)joiners U+200C/U+200D stay allowed: emoji and Indic scripts need them.
 */
const HIDDEN =
  /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\u200b\u2060\ufeff\u2028\u2029\u{e0000}-\u{e007f}]/u;

/** Characters written as `\u{…}` when a name is shown: those `cleanName` would remove (src/util/untrusted-text.ts). */
const UNSAFE_ALL = /\p{Cc}|(?![\u200c\u200d])[\p{Cf}\u2028\u2029]/gu;

/** Longest shown name, in characters: an error names the entry, not a page of it. */
const SHOWN_CHARS = 120;

export type EntryNameProblem = 'control' | 'hidden' | 'not_utf8';

/**
 * Why a raw entry name must be refused, or undefined when its characters are fine: a name is
 * refused when the shared cleaner (`isCleanName`) would change it, so what is written is what is shown.
 */
export function entryNameProblem(name: string): EntryNameProblem | undefined {
  if (CONTROL.test(name)) return 'control';
  if (!isCleanName(name)) return 'hidden';
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
