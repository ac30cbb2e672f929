/**
 * The original Aibox stored local-time strings ("2025-06-01 14:30:00", compared
 * as strings in SQL). Migrations read them in the system's zone.
 */
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?$/;

/** The instant of a legacy local-time string, or undefined if it is not one. */
export function parseLegacyLocalTime(value: string | null | undefined): Date | undefined {
  if (!value) return undefined;
  const m = LOCAL.exec(value.trim());
  if (!m) {
    const iso = Date.parse(value);
    return /[zZ]|[+-]\d{2}:\d{2}$/.test(value) && !Number.isNaN(iso) ? new Date(iso) : undefined;
  }
  const date = new Date(
    Number(m[1]),
    Number(m[2]) - 1,
    Number(m[3]),
    Number(m[4]),
    Number(m[5]),
    Number(m[6] ?? 0),
  );
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** ISO UTC of a legacy time, or the value unchanged when it cannot be read (never lose data). */
export function legacyToIso(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return parseLegacyLocalTime(value)?.toISOString() ?? value;
}

export function tableExists(
  db: { prepare(sql: string): { get(...args: unknown[]): unknown } },
  name: string,
): boolean {
  return (
    db.prepare("SELECT 1 FROM sqlite_master WHERE type IN ('table','view') AND name = ?").get(name) !==
    undefined
  );
}
