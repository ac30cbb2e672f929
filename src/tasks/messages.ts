import { defineMessages } from '../i18n/lang.js';

export const taskMessages = defineMessages({
  zh: {
    badTime: (text: string) =>
      `无法识别的时间「${text}」。可用格式：2026-12-01 09:00、ISO 时间、+30m / +2h / +1d、09:00、明天 9点、明天上午9点半、后天 18:00、tomorrow 9:00`,
    badEvery: (text: string) =>
      `无法识别的重复周期「${text}」。可用：daily / weekly / monthly、每天 / 每周 / 每月、30m、2h、1d（每 N 分钟/小时/天）`,
    badCron: (expr: string, why: string) => `无效的 cron 表达式「${expr}」：${why}`,
    badZone: (zone: string) => `未知的时区「${zone}」（需要 IANA 名称，例如 Asia/Shanghai）`,
    endBeforeStart: '结束时间早于首次执行时间',
    pastOnce: (when: string) => `执行时间 ${when} 已经过去`,
    cronAndEvery: 'cron 与重复周期只能指定一个',
    tooFrequent: (what: string, min: number) =>
      `「${what}」执行太频繁：每次执行都会调用模型，最短间隔为 ${min} 秒（scheduler.min_interval_s）`,
    notFound: (id: number) => `任务 #${id} 不存在`,
    noChannels: (target: string) => `无法把结果发到「${target}」：这个 Aibox 没有配置聊天渠道`,
    whenTooLong: (max: number) => `预检命令太长（最多 ${max} 个字符）：预检应该是一条简单的检查命令`,
    badRunCap: (max: number) =>
      `每次运行的 token 上限须是 0 到 ${max} 之间的整数（0 = 这个任务不设上限；不填 = 用 scheduler.max_tokens_per_run）`,
    titleRequired: '需要提供任务标题',
    once: (at: string) => `一次：${at}`,
    immediate: '立即执行一次',
    daily: (time: string) => `每天 ${time}`,
    weekly: (day: string, time: string) => `每周${day} ${time}`,
    monthly: (day: number, time: string) => `每月 ${day} 日 ${time}`,
    every: (n: number, unit: string) => `每 ${n} ${unit}`,
    cron: (expr: string) => `cron：${expr}`,
    until: (at: string) => `，截止 ${at}`,
    unit: (unit: string) => ({ minutes: '分钟', hours: '小时', days: '天' })[unit] ?? unit,
    weekday: (day: number) => '日一二三四五六'[day] ?? '',
  },
  en: {
    badTime: (text: string) =>
      `Cannot understand the time "${text}". Use e.g. 2026-12-01 09:00, an ISO time, +30m / +2h / +1d, 09:00, tomorrow 9:00, 明天 9点`,
    badEvery: (text: string) =>
      `Cannot understand the repeat "${text}". Use daily / weekly / monthly, 30m, 2h, 1d (every N minutes/hours/days)`,
    badCron: (expr: string, why: string) => `Invalid cron expression "${expr}": ${why}`,
    badZone: (zone: string) => `Unknown time zone "${zone}" (an IANA name such as Europe/Berlin is needed)`,
    endBeforeStart: 'The end time is before the first run',
    pastOnce: (when: string) => `The time ${when} is already past`,
    cronAndEvery: 'Give either a cron expression or a repeat, not both',
    tooFrequent: (what: string, min: number) =>
      `"${what}" runs too often: every run calls the model, so runs must be at least ${min} s apart (scheduler.min_interval_s)`,
    notFound: (id: number) => `Task #${id} does not exist`,
    noChannels: (target: string) => `Cannot post results to "${target}": this Aibox has no chat channels`,
    whenTooLong: (max: number) =>
      `The pre-check is too long (at most ${max} characters): it should be one simple check`,
    badRunCap: (max: number) =>
      `The cap on tokens per run must be a whole number from 0 to ${max} (0: no cap for this task; left out: scheduler.max_tokens_per_run applies)`,
    titleRequired: 'A task title is required',
    once: (at: string) => `once at ${at}`,
    immediate: 'once, immediately',
    daily: (time: string) => `daily at ${time}`,
    weekly: (day: string, time: string) => `weekly on ${day} at ${time}`,
    monthly: (day: number, time: string) => `monthly on day ${day} at ${time}`,
    every: (n: number, unit: string) => `every ${n} ${unit}`,
    cron: (expr: string) => `cron: ${expr}`,
    until: (at: string) => `, until ${at}`,
    unit: (unit: string) => unit,
    weekday: (day: number) =>
      ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'][day] ?? '',
  },
});

/** Texts of the `task` frame replies and of the connect-time `task_status` lines. */
export const taskFrameMessages = defineMessages({
  zh: {
    added: (title: string, id: number, schedule: string) =>
      `📋 已添加任务: ${title} (ID: ${id})，${schedule}`,
    completed: (id: number) => `✅ 任务 #${id} 已完成`,
    advanced: (id: number, next: string) => `✅ 任务 #${id} 本次已完成，下次执行 ${next}`,
    deleted: (id: number) => `🗑️ 任务 #${id} 已删除`,
    notifySet: (id: number, target: string) => `🔔 任务 #${id} 的结果将发到 ${target}`,
    notifyCleared: (id: number) => `🔕 任务 #${id} 的结果不再发到聊天`,
    noActiveTask: (id: number) => `❌ 没有进行中的任务 #${id}`,
    noTask: (id: number) => `❌ 任务 #${id} 不存在`,
    badFrame: (what: string) => `task 消息无效: ${what}`,
    bothTimes: '`at` 与 `reminder_time` 只能给一个（二者同义）',
    failed: (why: string) => `处理失败: ${why}`,
    dueLine: (icon: string, id: number, title: string, at: string) => `${icon} [ID: ${id}] ${title} - ${at}`,
  },
  en: {
    added: (title: string, id: number, schedule: string) =>
      `📋 Task added: ${title} (ID: ${id}), ${schedule}`,
    completed: (id: number) => `✅ Task #${id} completed`,
    advanced: (id: number, next: string) => `✅ Task #${id} done for now; next run ${next}`,
    deleted: (id: number) => `🗑️ Task #${id} deleted`,
    notifySet: (id: number, target: string) => `🔔 Task #${id} will post its results to ${target}`,
    notifyCleared: (id: number) => `🔕 Task #${id} no longer posts its results to a chat`,
    noActiveTask: (id: number) => `❌ No active task #${id}`,
    noTask: (id: number) => `❌ Task #${id} does not exist`,
    badFrame: (what: string) => `Invalid task frame: ${what}`,
    bothTimes: 'give `at` or `reminder_time`, not both (they mean the same)',
    failed: (why: string) => `Failed: ${why}`,
    dueLine: (icon: string, id: number, title: string, at: string) => `${icon} [ID: ${id}] ${title} - ${at}`,
  },
});
