/**
 * The original's task arguments (the memo tool, docs/memory-and-tasks.md; the WebSocket `task` add, docs/protocol.md "Tasks"):
 * reminder_time, reminder_minutes, delay (seconds), repeat_type, repeat_interval,
 * repeat_interval_unit, repeat_end_time, is_immediate; plus our cron / timezone / every.
 */
import { z } from 'zod';
import type { ScheduleSpec } from './build-schedule.js';

export const legacyScheduleFields = {
  reminder_time: z.string().optional(),
  reminder_minutes: z.number().int().min(0).optional(),
  repeat_type: z.enum(['none', 'daily', 'weekly', 'monthly', 'custom']).optional(),
  repeat_interval: z.number().int().min(1).optional(),
  repeat_interval_unit: z.enum(['minutes', 'hours', 'days']).optional(),
  repeat_end_time: z.string().optional(),
  is_immediate: z.boolean().optional(),
  cron: z.string().optional(),
  timezone: z.string().optional(),
  every: z.string().optional(),
};

interface LegacyScheduleArgs {
  reminder_time?: string | undefined;
  reminder_minutes?: number | undefined;
  /** WebSocket add: seconds from now. */
  delay?: number | undefined;
  repeat_type?: 'none' | 'daily' | 'weekly' | 'monthly' | 'custom' | undefined;
  repeat_interval?: number | undefined;
  repeat_interval_unit?: 'minutes' | 'hours' | 'days' | undefined;
  repeat_end_time?: string | undefined;
  is_immediate?: boolean | undefined;
  cron?: string | undefined;
  timezone?: string | undefined;
  every?: string | undefined;
}

const UNIT_SUFFIX = { minutes: 'm', hours: 'h', days: 'd' } as const;

export function specFromLegacyArgs(args: LegacyScheduleArgs): ScheduleSpec {
  let at = args.reminder_time?.trim() || undefined;
  if (!at && args.reminder_minutes !== undefined) at = `+${args.reminder_minutes}m`;
  if (!at && args.delay !== undefined) at = `+${args.delay}s`;
  let every = args.every?.trim() || undefined;
  const type = args.repeat_type ?? 'none';
  if (!every && (type === 'daily' || type === 'weekly' || type === 'monthly')) every = type;
  if (!every && type === 'custom')
    every = `${args.repeat_interval ?? 1}${UNIT_SUFFIX[args.repeat_interval_unit ?? 'days']}`;
  return {
    at,
    every,
    cron: args.cron,
    timezone: args.timezone,
    until: args.repeat_end_time,
    immediate: args.is_immediate,
  };
}
