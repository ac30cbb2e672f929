/**
 * Cuts a long answer into pieces a vendor accepts, preferring a paragraph break, then a
 * line break, then a space, and never splitting a UTF-16 surrogate pair.
 */
export function splitText(text: string, maxChars: number): string[] {
  if (maxChars < 1) throw new RangeError('maxChars must be positive');
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > maxChars) {
    let cut = bestBreak(rest, maxChars);
    if (cut <= 0) cut = maxChars;
    const code = rest.charCodeAt(cut - 1);
    if (code >= 0xd800 && code <= 0xdbff) cut -= 1; // keep the pair together
    pieces.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).replace(/^\n+/, '');
  }
  if (rest.length > 0 || pieces.length === 0) pieces.push(rest);
  return pieces;
}

/** Where to cut `text` at or before `max`: after the last good break in its second half. */
function bestBreak(text: string, max: number): number {
  const window = text.slice(0, max);
  const floor = Math.floor(max / 2);
  for (const separator of ['\n\n', '\n', ' ']) {
    const at = window.lastIndexOf(separator);
    if (at >= floor) return at + separator.length;
  }
  return max;
}
