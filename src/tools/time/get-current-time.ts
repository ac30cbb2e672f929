/** get_current_time: now, with the weekday, in a chosen IANA time zone. */
import { z } from 'zod';
import type { Lang } from '../../i18n/lang.js';
import { type Clock, isoWithOffset } from '../../util/clock.js';
import { failure, success } from '../format.js';
import type { Tool } from '../tool.js';
import { timeMessages } from './messages.js';

interface GetCurrentTimeToolOptions {
  lang: Lang;
  clock: Clock;
  /** Default zone (e.g. `scheduler.timezone`); empty means the system's. */
  timeZone?: string;
}

function schema(lang: Lang) {
  const m = timeMessages(lang);
  return z.object({
    format: z.enum(['full', 'date', 'time', 'iso']).default('full').describe(m.timeFormat),
    timezone: z.string().optional().describe(m.timeZone),
  });
}

type GetCurrentTimeArgs = z.infer<ReturnType<typeof schema>>;

/** The canonical IANA name, or undefined when Intl does not know the zone. */
function canonicalTimeZone(zone: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

export function formatTime(
  date: Date,
  format: GetCurrentTimeArgs['format'],
  timeZone: string,
  lang: Lang,
): string {
  if (format === 'iso') return isoWithOffset(date, timeZone);
  const locale = lang === 'zh' ? 'zh-CN' : 'en-US';
  const dateOptions: Intl.DateTimeFormatOptions = {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    weekday: 'long',
  };
  const timeOptions: Intl.DateTimeFormatOptions = {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  };
  const options =
    format === 'date' ? dateOptions : format === 'time' ? timeOptions : { ...dateOptions, ...timeOptions };
  return new Intl.DateTimeFormat(locale, { ...options, timeZone }).format(date);
}

export function createGetCurrentTimeTool(options: GetCurrentTimeToolOptions): Tool<GetCurrentTimeArgs> {
  return {
    name: 'get_current_time',
    description: timeMessages(options.lang).timeDescription,
    parameters: schema(options.lang),
    async execute(args, ctx) {
      const t = timeMessages(ctx.lang);
      const asked =
        args.timezone?.trim() || options.timeZone?.trim() || Intl.DateTimeFormat().resolvedOptions().timeZone;
      const zone = canonicalTimeZone(asked);
      if (!zone) return failure(t.timeBadZone(asked));
      const now = options.clock.now();
      const offset = isoWithOffset(now, zone).slice(19);
      return success(t.timeOk, [
        [t.labelTime, formatTime(now, args.format, zone, ctx.lang)],
        [t.labelZone, `${zone} (UTC${offset === 'Z' ? '+00:00' : offset})`],
        [t.labelIso, args.format === 'iso' ? undefined : isoWithOffset(now, zone)],
      ]);
    },
  };
}
