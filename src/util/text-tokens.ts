/**
 * A cheap token estimate of text (not billing): CJK characters count 1 each, other characters 1/4.
 * A plain loop: it runs over whole histories before every turn.
 */

function isCjk(code: number): boolean {
  return (
    (code >= 0x2e80 && code <= 0x9fff) || // radicals, CJK punctuation, kana, unified ideographs
    (code >= 0xac00 && code <= 0xd7af) || // Hangul
    (code >= 0xf900 && code <= 0xfaff) || // compatibility ideographs
    (code >= 0xff00 && code <= 0xffef) // full-width forms
  );
}

export function estimateTextTokens(text: string): number {
  let cjk = 0;
  for (let i = 0; i < text.length; i++) if (isCjk(text.charCodeAt(i))) cjk++;
  return cjk + Math.ceil((text.length - cjk) / 4);
}
