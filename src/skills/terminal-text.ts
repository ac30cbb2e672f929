/**
 * Terminal formatting in program output: ANSI escape sequences (`\x1b[1mNAME`) and backspace
 * overstrike (`S\bSU\bU`: bold, `_\bX`: underline, as `less` and `man` print them).
 */
const ANSI = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]/g;
const OVERSTRIKE = /[^\n]\x08/g;

/** The text a person reads: escapes and overstrike removed, carriage-return line ends normalised. */
export function plainTerminalText(text: string): string {
  let plain = text.replace(ANSI, '');
  // `X\bX` and `_\bX` both show X: drop each character that a backspace takes back.
  while (plain.includes('\b')) {
    const next = plain.replace(OVERSTRIKE, '');
    if (next === plain) break;
    plain = next;
  }
  return plain.replace(/\x08/g, '').replace(/\r\n?/g, '\n');
}
