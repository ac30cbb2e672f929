import { defineMessages } from '../i18n/lang.js';

export const memoToolMessages = defineMessages({
  zh: {
    description:
      '定时任务（备忘）：add 创建任务（到时由你在独立会话中执行 content），list 列出，get 查看（含执行记录），complete 完成（重复任务则跳到下一次，force_complete 彻底结束），delete 删除（需 confirm=true），search 搜索，stats 统计。时间 reminder_time 支持 "2026-12-01 09:00"、"+30m"/"+2h"/"+1d"、"明天 9点"、"tomorrow 9:00"；重复用 repeat_type（daily/weekly/monthly/custom + repeat_interval + repeat_interval_unit）或 cron 表达式；timezone 为 IANA 时区。',
    action: '操作：add | list | get | complete | delete | search | stats',
    title: '任务标题（add 必填）',
    content: '任务内容：到时要做的事',
    reminderTime: '执行时间：2026-12-01 09:00、+30m、明天 9点、tomorrow 9:00 …（默认 30 分钟后）',
    reminderMinutes: '多少分钟后执行',
    tags: '标签',
    priority: '优先级 1-5',
    repeatType: '重复：none | daily | weekly | monthly | custom',
    repeatInterval: 'custom 的间隔数',
    repeatUnit: 'custom 的间隔单位：minutes | hours | days',
    repeatEnd: '重复截止时间',
    immediate: '立即执行第一次',
    cron: 'cron 表达式（5 或 6 段），例如 "0 9 * * 1-5"',
    timezone: 'IANA 时区，例如 Asia/Shanghai（默认配置或系统时区）',
    memoId: '任务 ID',
    memoIds: '多个任务 ID（complete / delete）',
    force: '重复任务也彻底完成',
    keyword: '搜索关键词',
    includeCompleted: '包含已完成的任务',
    limit: '最多条数，默认 20',
    confirm: '删除时必须为 true',
    created: '任务已创建',
    labelId: '任务ID',
    labelTitle: '标题',
    labelSchedule: '计划',
    labelNext: '下次执行',
    labelContent: '内容',
    labelStatus: '状态',
    labelRuns: '执行次数',
    labelLast: '上次结果',
    needTitle: 'add 需要 title',
    needId: '需要 memo_id',
    needKeyword: 'search 需要 keyword',
    needConfirm: '删除任务需要 confirm=true',
    notFound: (id: number) => `任务不存在: ${id}`,
    completed: (id: number) => `任务 #${id} 已完成`,
    advanced: (id: number, next: string) => `任务 #${id} 本次完成，下次 ${next}`,
    deleted: (ids: string) => `已删除任务: ${ids}`,
    listTitle: (n: number) => `📋 任务（${n} 个）`,
    none: '没有任务',
    noNext: '无',
    statsTitle: '📊 任务统计',
    stats: (s: {
      total: number;
      active: number;
      due: number;
      completed: number;
      deleted: number;
      runs: number;
      failedRuns: number;
    }) =>
      `总数=${s.total}, 待执行=${s.active}, 已到期=${s.due}, 已完成=${s.completed}, 已删除=${s.deleted}, 执行次数=${s.runs}, 失败=${s.failedRuns}`,
    runsTitle: '执行记录',
    run: (at: string, status: string, late: boolean) => `${at} ${status}${late ? '（补执行）' : ''}`,
  },
  en: {
    description:
      'Scheduled tasks (memos): add creates one (when due, you run its content in a separate session), list, get (with run history), complete (a repeating task skips to its next run; force_complete ends it), delete (confirm=true), search, stats. reminder_time accepts "2026-12-01 09:00", "+30m"/"+2h"/"+1d", "tomorrow 9:00", "明天 9点"; repeat with repeat_type (daily/weekly/monthly/custom + repeat_interval + repeat_interval_unit) or a cron expression; timezone is an IANA zone.',
    action: 'Action: add | list | get | complete | delete | search | stats',
    title: 'Task title (required for add)',
    content: 'What to do when it is due',
    reminderTime: 'When: 2026-12-01 09:00, +30m, tomorrow 9:00, 明天 9点 … (default: in 30 minutes)',
    reminderMinutes: 'Minutes from now',
    tags: 'Tags',
    priority: 'Priority 1-5',
    repeatType: 'Repeat: none | daily | weekly | monthly | custom',
    repeatInterval: 'custom: how many units',
    repeatUnit: 'custom: minutes | hours | days',
    repeatEnd: 'No runs after this time',
    immediate: 'Run the first time now',
    cron: 'Cron expression (5 or 6 fields), e.g. "0 9 * * 1-5"',
    timezone: 'IANA zone such as Europe/Berlin (default: config or system zone)',
    memoId: 'Task ID',
    memoIds: 'Several task IDs (complete / delete)',
    force: 'Complete a repeating task for good',
    keyword: 'Search keyword',
    includeCompleted: 'Include completed tasks',
    limit: 'At most this many, default 20',
    confirm: 'Must be true to delete',
    created: 'Task created',
    labelId: 'Task ID',
    labelTitle: 'Title',
    labelSchedule: 'Schedule',
    labelNext: 'Next run',
    labelContent: 'Content',
    labelStatus: 'Status',
    labelRuns: 'Runs',
    labelLast: 'Last outcome',
    needTitle: 'add needs a title',
    needId: 'memo_id is required',
    needKeyword: 'search needs a keyword',
    needConfirm: 'Deleting tasks needs confirm=true',
    notFound: (id: number) => `No task with ID ${id}`,
    completed: (id: number) => `Task #${id} completed`,
    advanced: (id: number, next: string) => `Task #${id} done for now; next run ${next}`,
    deleted: (ids: string) => `Deleted tasks: ${ids}`,
    listTitle: (n: number) => `📋 Tasks (${n})`,
    none: 'No tasks',
    noNext: 'none',
    statsTitle: '📊 Task statistics',
    stats: (s: {
      total: number;
      active: number;
      due: number;
      completed: number;
      deleted: number;
      runs: number;
      failedRuns: number;
    }) =>
      `total=${s.total}, pending=${s.active}, due=${s.due}, completed=${s.completed}, deleted=${s.deleted}, runs=${s.runs}, failed=${s.failedRuns}`,
    runsTitle: 'Runs',
    run: (at: string, status: string, late: boolean) => `${at} ${status}${late ? ' (late)' : ''}`,
  },
});
