/**
 * Wall-clock arithmetic in an IANA time zone with nothing but Intl, so that
 * "daily at 09:00 in Europe/Berlin" stays 09:00 across DST changes.
 */
import { setBounded } from '../util/bounded-map.js';

export interface WallTime {
  year: number;
  /** 1..12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * Formatters by the zone's spelling, which comes from the model or a chat ("europe/berlin",
 * "EUROPE/Berlin", … are all valid): at most this many are kept, the most recently created last.
 */
export const FORMATTERS_KEPT = 64;
const formatters = new Map<string, Intl.DateTimeFormat>();

/** How many formatters are kept now (for the bound's test). */
export function keptFormatterCount(): number {
  return formatters.size;
}

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    setBounded(formatters, timeZone, f, FORMATTERS_KEPT);
  }
  return f;
}

export function systemTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export function isValidTimeZone(zone: string): boolean {
  try {
    formatter(zone);
    return true;
  } catch {
    return false;
  }
}

export function wallTime(date: Date, timeZone: string): WallTime {
  const out: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(date)) {
    if (part.type !== 'literal') out[part.type] = Number(part.value);
  }
  return {
    year: out.year ?? 1970,
    month: out.month ?? 1,
    day: out.day ?? 1,
    hour: out.hour ?? 0,
    minute: out.minute ?? 0,
    second: out.second ?? 0,
  };
}

function wallAsUtcMs(w: WallTime): number {
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
}

/** Offset of the zone at an instant, in ms (local − UTC). */
function zoneOffsetMs(date: Date, timeZone: string): number {
  const seconds = Math.floor(date.getTime() / 1000) * 1000;
  return wallAsUtcMs(wallTime(new Date(seconds), timeZone)) - seconds;
}

/**
 * The instant a wall-clock time happens in the zone. Fields may overflow
 * (day 32 → next month). A time skipped by a DST gap moves forward by the gap
 * (02:30 on a spring-forward day → 03:30); an ambiguous one takes the earlier instant.
 */
export function fromWallTime(w: WallTime, timeZone: string): Date {
  const naive = wallAsUtcMs(w);
  const before = zoneOffsetMs(new Date(naive - 86_400_000), timeZone);
  const after = zoneOffsetMs(new Date(naive + 86_400_000), timeZone);
  // Try the earlier offset first (ambiguous → earlier instant), then the other.
  for (const offset of before >= after ? [before, after] : [after, before]) {
    const candidate = naive - offset;
    if (zoneOffsetMs(new Date(candidate), timeZone) === offset) return new Date(candidate);
  }
  // In a gap: neither offset fits; apply the offset from before the gap (moves forward).
  return new Date(naive - before);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Day difference between two calendar dates (ignores time of day). */
export function calendarDaysBetween(a: WallTime, b: WallTime): number {
  return Math.round(
    (Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000,
  );
}

/** Weekday 0 (Sunday) .. 6 of a calendar date. */
export function weekday(w: WallTime): number {
  return new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay();
}
