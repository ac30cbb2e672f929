/**
 * A QR matrix as terminal text: two module rows per line in half blocks, black on an explicit
 * white background (ANSI colours) so it scans on dark and light terminals alike, with a light
 * margin of two modules.
 */
const MARGIN = 2;

export function qrTerminalText(matrix: boolean[][]): string {
  const size = matrix.length + MARGIN * 2;
  const dark = (x: number, y: number) => matrix[y - MARGIN]?.[x - MARGIN] === true;
  const lines: string[] = [];
  for (let y = 0; y < size; y += 2) {
    let line = '';
    for (let x = 0; x < size; x++) {
      const top = dark(x, y);
      const bottom = dark(x, y + 1);
      line += top && bottom ? '█' : top ? '▀' : bottom ? '▄' : ' ';
    }
    lines.push(`\x1b[30;47m${line}\x1b[0m`);
  }
  return lines.join('\n');
}
