/** One log line (JSON, see log-line.ts) → `HH:MM:SS LEVEL msg key=value…` for the terminal. */
const LABELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};
const SKIP = new Set(['level', 'time', 'pid', 'hostname', 'msg']);

export function formatConsoleLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  const time =
    typeof entry.time === 'string' ? entry.time.slice(11, 19) : new Date().toISOString().slice(11, 19);
  const label = LABELS[Number(entry.level)] ?? 'LOG  ';
  const extras = Object.entries(entry)
    .filter(([k]) => !SKIP.has(k))
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(' ');
  return `${time} ${label} ${String(entry.msg ?? '')}${extras ? ` ${extras}` : ''}\n`;
}
