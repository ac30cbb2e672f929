/**
 * The environment variables the model set for a command, as a person reads them in an approval
 * prompt (the page, `aibox chat`, chats): one `NAME="value"` line each, with control, bidi and
 * invisible characters written as `\u{…}` so none can hide part of a value.
 */
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff"\\]/gu;

export function envLines(env: Readonly<Record<string, string>> | undefined): string[] {
  if (!env) return [];
  const shown = (text: string) =>
    text.replace(HIDDEN, (c) =>
      c === '"' || c === '\\' ? `\\${c}` : `\\u{${c.codePointAt(0)?.toString(16)}}`,
    );
  return Object.entries(env).map(([name, value]) => `${shown(name)}="${shown(value)}"`);
}
