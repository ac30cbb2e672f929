import { defineMessages } from '../i18n/lang.js';
import type { TaskStats } from '../tasks/types.js';

/** Strings of the built-in slash commands written by the server (zh/en). */
export const commandMessages = defineMessages({
  zh: {
    unknown: (c: string) => `❓ 未知命令: ${c}（输入 /help 查看可用命令；命令不会发送给模型）`,
    failed: (c: string, why: string) => `❌ 命令 ${c} 执行失败: ${why}`,
    helpTitle: '📖 可用命令:',
    helpFooter: '普通文字会发送给 AI；以 / 开头的是命令。',
    newDone: '🔄 开始新对话（历史已保存，对话记忆已重置）',
    listTitle: '\n📚 已保存的对话:',
    listEmpty: '还没有保存的对话',
    listItem: (id: string, topic: string, state: string, at: string, n: number) =>
      `  ${id} - ${topic || '(无主题)'} [${state}] (${at}, ${n} 条消息)`,
    stateCurrent: '当前',
    stateEnded: '已结束',
    stateArchived: '归档',
    skillsTitle: (n: number, total: number) => `🧩 技能 ${n}/${total} 个:`,
    skillsSearchTitle: (q: string, n: number) => `🔍 搜索技能 '${q}' 找到 ${n} 个:`,
    skillsNone: '没有找到技能',
    skillBroken: (why: string) => `  ⚠️ 已损坏: ${why}`,
    reloadSkills: (total: number, a: number, r: number, c: number, b: number) =>
      `✅ 技能已重新加载 (${total} 个；新增 ${a}，移除 ${r}，变更 ${c}，损坏 ${b})`,
    configTitle: '\n⚙️  当前配置（密钥已隐藏）:',
    configFile: (p: string) => `  配置文件: ${p}`,
    secretSet: '(已设置，已隐藏)',
    secretUnset: '(未设置)',
    modelKey: (env: string, has: boolean) =>
      `  模型密钥: 环境变量 ${env || '(不需要)'} ${has ? '已找到' : '未找到'}`,
    reloadNoChange: '✅ 配置已重新加载：没有变化',
    reloadApplied: (keys: string) => `✅ 已立即生效: ${keys}`,
    reloadRestart: (keys: string) => `⚠️ 需要重启服务器才能生效: ${keys}`,
    reloadInvalid: (path: string) => `❌ 配置文件有误，未做任何更改: ${path}`,
    reloadProblem: (key: string, expected: string, found: string) =>
      `  ${key}: 应为 ${expected}，实际为 ${found}`,
    promptsReloaded: (n: number, names: string) =>
      `✅ 提示词已重新加载 (${n} 个: ${names})，从下一轮对话起生效`,
    stopDone: '⏹️ 已中止当前回合',
    stopIdle: '当前没有正在运行的回合',
    bye: '👋 再见！',
  },
  en: {
    unknown: (c: string) =>
      `❓ Unknown command: ${c} (type /help for the list; commands are never sent to the model)`,
    failed: (c: string, why: string) => `❌ Command ${c} failed: ${why}`,
    helpTitle: '📖 Commands:',
    helpFooter: 'Plain text goes to the AI; lines starting with / are commands.',
    newDone: '🔄 New conversation started (history saved, conversation memory reset)',
    listTitle: '\n📚 Saved conversations:',
    listEmpty: 'No saved conversations yet',
    listItem: (id: string, topic: string, state: string, at: string, n: number) =>
      `  ${id} - ${topic || '(no topic)'} [${state}] (${at}, ${n} messages)`,
    stateCurrent: 'current',
    stateEnded: 'ended',
    stateArchived: 'archived',
    skillsTitle: (n: number, total: number) => `🧩 Skills ${n}/${total}:`,
    skillsSearchTitle: (q: string, n: number) => `🔍 Skills matching '${q}': ${n}`,
    skillsNone: 'No skills found',
    skillBroken: (why: string) => `  ⚠️ broken: ${why}`,
    reloadSkills: (total: number, a: number, r: number, c: number, b: number) =>
      `✅ Skills reloaded (${total}; added ${a}, removed ${r}, changed ${c}, broken ${b})`,
    configTitle: '\n⚙️  Current configuration (secrets hidden):',
    configFile: (p: string) => `  Config file: ${p}`,
    secretSet: '(set, hidden)',
    secretUnset: '(not set)',
    modelKey: (env: string, has: boolean) =>
      `  Model key: environment variable ${env || '(none needed)'} ${has ? 'found' : 'not found'}`,
    reloadNoChange: '✅ Configuration reloaded: nothing changed',
    reloadApplied: (keys: string) => `✅ Applied now: ${keys}`,
    reloadRestart: (keys: string) => `⚠️ Needs a server restart to take effect: ${keys}`,
    reloadInvalid: (path: string) => `❌ The config file is invalid; nothing was changed: ${path}`,
    reloadProblem: (key: string, expected: string, found: string) =>
      `  ${key}: expected ${expected}, found ${found}`,
    promptsReloaded: (n: number, names: string) =>
      `✅ Prompts reloaded (${n}: ${names}); they apply from the next turn`,
    stopDone: '⏹️ The running turn was aborted',
    stopIdle: 'No turn is running',
    bye: '👋 Goodbye!',
  },
});

/** Line layouts with no words in them: the same in every language. */
const layouts = {
  /** `untrusted`: the outside text the memory came with (docs/memory-and-tasks.md), after a ⚠. */
  memoryLine: (id: number, topic: string, summary: string, untrusted: readonly string[]) =>
    `  [ID: ${id}] ${topic} - ${summary}${untrusted.length > 0 ? ` ⚠ ${untrusted.join(', ')}` : ''}`,
  taskLine: (mark: string, id: number, title: string, schedule: string, next: string) =>
    `  ${mark} [ID: ${id}] ${title} [${schedule}] - ${next}`,
  checkLine: (id: number, title: string, schedule: string, at: string) =>
    `  • [ID: ${id}] ${title} (${schedule}) - ${at}`,
};

/** Strings of /memories, /search, /memos, /tasks, /check. */
export const memoryCommandMessages = defineMessages({
  zh: {
    ...layouts,
    memoriesTitle: '\n📚 最近的记忆:\n',
    memoriesEmpty: '还没有记忆',
    searchUsage: '用法: /search 关键词',
    searchTitle: (q: string, n: number) => `🔍 搜索 '${q}' 找到 ${n} 条记忆:\n`,
    pendingTitle: '\n📋 待执行的任务:\n',
    pendingEmpty: '没有待执行的任务',
    noNext: '无下次执行',
    statsLine: (s: Omit<TaskStats, 'deleted'>) =>
      `\n📊 任务统计: 总数=${s.total}, 待执行=${s.active}, 已到期=${s.due}, 已完成=${s.completed}, 执行次数=${s.runs}, 失败=${s.failedRuns}\n`,
    dueCount: (n: number) => `到期任务: ${n} 个`,
    upcoming: '即将执行:',
    noScheduler: '⚠️ 任务调度器未启用（任务不会自动执行）',
    nextWake: (at: string) => `调度器下次唤醒: ${at}`,
    checkTitle: '🔍 检查任务...\n',
    checkFound: (n: number) => `发现 ${n} 个到期任务（未执行，调度器会执行它们）:`,
    checkNone: '没有到期的任务',
  },
  en: {
    ...layouts,
    memoriesTitle: '\n📚 Recent memories:\n',
    memoriesEmpty: 'No memories yet',
    searchUsage: 'Usage: /search KEYWORDS',
    searchTitle: (q: string, n: number) => `🔍 Search '${q}': ${n} memories\n`,
    pendingTitle: '\n📋 Pending tasks:\n',
    pendingEmpty: 'No pending tasks',
    noNext: 'no next run',
    statsLine: (s: Omit<TaskStats, 'deleted'>) =>
      `\n📊 Tasks: total=${s.total}, pending=${s.active}, due=${s.due}, completed=${s.completed}, runs=${s.runs}, failed=${s.failedRuns}\n`,
    dueCount: (n: number) => `Due tasks: ${n}`,
    upcoming: 'Next up:',
    noScheduler: '⚠️ The task scheduler is disabled (tasks will not run by themselves)',
    nextWake: (at: string) => `Scheduler wakes next at: ${at}`,
    checkTitle: '🔍 Checking tasks...\n',
    checkFound: (n: number) => `${n} due tasks (not run here; the scheduler runs them):`,
    checkNone: 'No tasks are due',
  },
});

/** Strings of `/notify`. */
export const notifyCommandMessages = defineMessages({
  zh: {
    usage:
      '用法：/notify 任务ID 目标。目标为 here（这个聊天）、off（不发）或 渠道:聊天id（如 telegram:123456）',
    notAChat: '“here”只能在聊天渠道（如 Telegram）里用；这里请写 渠道:聊天id',
  },
  en: {
    usage:
      'Usage: /notify TASK_ID TARGET, where TARGET is here (this chat), off (none) or channel:chat_id (e.g. telegram:123456)',
    notAChat: '"here" works only in a chat channel (e.g. Telegram); here, give channel:chat_id',
  },
});

/** Strings of `/usage` and `/budget`. */
export const usageCommandMessages = defineMessages({
  zh: {
    today: '今天',
    month: '本月',
    session: (id: string) => `本会话（${id}）近 30 天`,
    budgetsTitle: '预算（0 表示不限）：',
    budgetLine: (key: string, used: string, limit: string) => `  budget.${key}：已用 ${used} / ${limit}`,
    unlimited: '不限',
    budgetUsage:
      '用法：/budget 查看；/budget 键 值 设置（键：daily_tokens、monthly_tokens、daily_cost、monthly_cost；0 表示不限）',
    budgetSet: (key: string, value: number) => `已设置 budget.${key} = ${value}（已写入配置文件）`,
    budgetInvalid: (problem: string) => `没有设置：${problem}`,
  },
  en: {
    today: 'Today',
    month: 'This month',
    session: (id) => `This session (${id}), last 30 days`,
    budgetsTitle: 'Budgets (0: no cap):',
    budgetLine: (key, used, limit) => `  budget.${key}: ${used} used of ${limit}`,
    unlimited: 'no cap',
    budgetUsage:
      'Usage: /budget to show; /budget KEY VALUE to set (KEY: daily_tokens, monthly_tokens, daily_cost, monthly_cost; 0: no cap)',
    budgetSet: (key, value) => `Set budget.${key} = ${value} (saved to the config file)`,
    budgetInvalid: (problem) => `Not set: ${problem}`,
  },
});
