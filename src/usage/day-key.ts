/**
 * The box's calendar: budgets and reports count by local day (`scheduler.timezone`, or the
 * system's zone when empty). Keys are `YYYY-MM-DD`; a month is the keys that start `YYYY-MM`.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: timeZone || undefined,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(key, format);
  }
  return format;
}

/**
 * The system zone's day from Date's local fields: the calendar day a formatter without a zone gives,
 * without creating one (a process's first Intl formatter costs ~20 ms of CPU: `/healthz` shows
 * today's usage).
 */
function systemDayKey(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${String(date.getFullYear()).padStart(4, '0')}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

/** Every zone's offset is a whole number of quarter hours: one quarter hour has one local day. */
const QUARTER_HOUR = 900_000;
let last = { zone: '', quarter: Number.NaN, key: '' };

export function dayKey(date: Date, timeZone?: string): string {
  const quarter = Math.floor(date.getTime() / QUARTER_HOUR);
  const zone = timeZone ?? '';
  if (quarter === last.quarter && zone === last.zone) return last.key;
  const key = timeZone ? formatter(timeZone).format(date) : systemDayKey(date);
  last = { zone, quarter, key };
  return key;
}

export function monthKey(date: Date, timeZone?: string): string {
  return dayKey(date, timeZone).slice(0, 7);
}

/** The day key `days - 1` days before `date`'s day (so `days` days counting today). */
export function firstDayOf(date: Date, days: number, timeZone?: string): string {
  // Noon of the local day, stepped back whole days: clear of DST shifts at midnight.
  const [y, m, d] = dayKey(date, timeZone).split('-').map(Number) as [number, number, number];
  const noon = new Date(Date.UTC(y, m - 1, d, 12));
  noon.setUTCDate(noon.getUTCDate() - (days - 1));
  return noon.toISOString().slice(0, 10);
}

/** The day key `n` days after (before, when negative) `key`. */
export function addDays(key: string, n: number): string {
  const noon = new Date(`${key}T12:00:00Z`);
  noon.setUTCDate(noon.getUTCDate() + n);
  return noon.toISOString().slice(0, 10);
}

/** When the local day `key` starts, as an instant (for a report's `from`). */
export function startOfDay(key: string, timeZone?: string): Date {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  // The instant whose local day is `key` at 00:00: start from UTC midnight and correct by the zone's offset.
  const guess = Date.UTC(y, m - 1, d);
  const offsetAt = (ms: number) => {
    if (!timeZone) return -new Date(ms).getTimezoneOffset() * 60_000;
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    }).formatToParts(new Date(ms));
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
    const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
    return wall - Math.floor(ms / 60_000) * 60_000;
  };
  return new Date(guess - offsetAt(guess - offsetAt(guess)));
}
