/**
 * Parses the times people and models write: absolute (`2026-12-01 09:00`, ISO),
 * relative (`+30m`, `+2h`, `+1d`, `30分钟后`, `in 2 hours`), and simple phrases
 * (`09:00`, `tomorrow 9:00`, `明天 9点`, `明天上午9点半`, `后天 18:00`).
 * Wall-clock forms are read in the given time zone. Unparsable input throws.
 */
import { AppError } from '../errors.js';
import type { Lang } from '../i18n/lang.js';
import { taskMessages } from './messages.js';
import { fromWallTime, wallTime } from './zoned-time.js';

interface ParseTimeOptions {
  now: Date;
  timezone: string;
  lang: Lang;
}

const RELATIVE_UNITS: Record<string, number> = {
  s: 1_000,
  sec: 1_000,
  second: 1_000,
  seconds: 1_000,
  秒: 1_000,
  m: 60_000,
  min: 60_000,
  mins: 60_000,
  minute: 60_000,
  minutes: 60_000,
  分钟: 60_000,
  分: 60_000,
  h: 3_600_000,
  hr: 3_600_000,
  hour: 3_600_000,
  hours: 3_600_000,
  小时: 3_600_000,
  个小时: 3_600_000,
  d: 86_400_000,
  day: 86_400_000,
  days: 86_400_000,
  天: 86_400_000,
  w: 604_800_000,
  week: 604_800_000,
  weeks: 604_800_000,
  周: 604_800_000,
};

const DAY_WORDS: Record<string, number> = {
  today: 0,
  今天: 0,
  今日: 0,
  tomorrow: 1,
  明天: 1,
  明日: 1,
  'day after tomorrow': 2,
  后天: 2,
  大后天: 3,
};

const ZH_DIGITS: Record<string, number> = {
  零: 0,
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};

/** Converts Chinese numerals up to 99 (九, 十二, 二十三) to digits inside a string. */
function zhNumeralsToDigits(text: string): string {
  return text.replace(/[零一二两三四五六七八九十]+/g, (run) => {
    if (!run.includes('十')) return [...run].map((c) => ZH_DIGITS[c] ?? c).join('');
    const [tens, ones] = run.split('十');
    const value = (tens ? (ZH_DIGITS[tens] ?? 1) : 1) * 10 + (ones ? (ZH_DIGITS[ones] ?? 0) : 0);
    return String(value);
  });
}

interface ClockTime {
  hour: number;
  minute: number;
  second: number;
}

/** `9`, `9:30`, `09:30:15`, `9am`, `9:30 pm`, `9点`, `9点半`, `9点30分`, with 上午/下午/晚上 prefixes. */
function parseClock(text: string): ClockTime | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  const zh =
    /^(凌晨|早上|早晨|上午|中午|下午|傍晚|晚上|夜里)?\s*(\d{1,2})\s*(?:点|时|:|：)\s*(半|一刻|三刻|\d{1,2})?\s*(?:分)?$/.exec(
      t,
    );
  const en = /^(\d{1,2})(?::(\d{2}))?(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?$/i.exec(t);
  const zhBare = /^(凌晨|早上|早晨|上午|中午|下午|傍晚|晚上|夜里)\s*(\d{1,2})$/.exec(t);
  let hour: number;
  let minute = 0;
  let second = 0;
  if (zh || zhBare) {
    const period = (zh ?? zhBare)?.[1];
    hour = Number((zh ?? zhBare)?.[2]);
    const m = zh?.[3];
    minute = m === '半' ? 30 : m === '一刻' ? 15 : m === '三刻' ? 45 : m ? Number(m) : 0;
    if (period && ['下午', '傍晚', '晚上', '夜里'].includes(period) && hour < 12) hour += 12;
    if (period === '中午' && hour < 11) hour += 12;
  } else if (en) {
    hour = Number(en[1]);
    minute = en[2] ? Number(en[2]) : 0;
    second = en[3] ? Number(en[3]) : 0;
    const ampm = en[4]?.toLowerCase();
    if (ampm?.startsWith('p') && hour < 12) hour += 12;
    if (ampm?.startsWith('a') && hour === 12) hour = 0;
  } else {
    return undefined;
  }
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  return { hour, minute, second };
}

function parseRelative(text: string, now: Date): Date | undefined {
  const m =
    /^(?:\+|in\s+)?\s*(\d+(?:\.\d+)?)\s*([a-z个小时分钟秒天周]+)\s*(?:后|以后|later)?$/i.exec(text) ??
    /^(\d+(?:\.\d+)?)\s*(个小时|小时|分钟|分|秒|天|周)后$/.exec(text);
  if (!m) return undefined;
  const unit = RELATIVE_UNITS[(m[2] ?? '').toLowerCase()];
  if (!unit) return undefined;
  if (!text.startsWith('+') && !/后|later|^in\s/i.test(text) && !/^\d+[smhdw]$/i.test(text)) return undefined;
  return new Date(now.getTime() + Number(m[1]) * unit);
}

function parseAbsolute(text: string, timezone: string): Date | undefined {
  if (/^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/i.test(text)) {
    const ms = Date.parse(text);
    return Number.isNaN(ms) ? undefined : new Date(ms);
  }
  const m = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?(?:[ T]+(.+))?$/.exec(text);
  if (!m) return undefined;
  const clock = m[4] ? parseClock(m[4]) : { hour: 9, minute: 0, second: 0 };
  if (!clock) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  const date = fromWallTime({ year, month, day, ...clock }, timezone);
  const back = wallTime(date, timezone);
  return back.day === day || clock.hour !== back.hour ? date : undefined;
}

function parseDayPhrase(text: string, now: Date, timezone: string): Date | undefined {
  const lower = text.toLowerCase();
  const word = Object.keys(DAY_WORDS)
    .sort((a, b) => b.length - a.length)
    .find((w) => lower.startsWith(w));
  const today = wallTime(now, timezone);
  if (word === undefined) {
    // A bare clock time: today, or tomorrow when already past.
    const clock = parseClock(text);
    if (!clock) return undefined;
    const at = fromWallTime({ ...today, ...clock }, timezone);
    return at.getTime() > now.getTime()
      ? at
      : fromWallTime({ ...today, day: today.day + 1, ...clock }, timezone);
  }
  const rest = text.slice(word.length).replace(/^\s*(at\s+)?/i, '');
  const clock = rest === '' ? { hour: 9, minute: 0, second: 0 } : parseClock(rest);
  if (!clock) return undefined;
  return fromWallTime({ ...today, day: today.day + (DAY_WORDS[word] ?? 0), ...clock }, timezone);
}

export function parseWhen(input: string, options: ParseTimeOptions): Date {
  const text = zhNumeralsToDigits(input.trim().replace(/\s+/g, ' '));
  const parsed =
    text === '' || text.toLowerCase() === 'now' || text === '现在'
      ? text === ''
        ? undefined
        : options.now
      : (parseRelative(text, options.now) ??
        parseAbsolute(text, options.timezone) ??
        parseDayPhrase(text, options.now, options.timezone));
  if (!parsed)
    throw new AppError('bad_time', taskMessages(options.lang).badTime(input), { details: { input } });
  return parsed;
}
