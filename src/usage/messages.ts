import { defineMessages } from '../i18n/lang.js';

const formatTokens = (n: number) => n.toLocaleString('en-US');
const formatCost = (cost: number, currency: string) => `${cost.toFixed(cost < 1 ? 4 : 2)} ${currency}`.trim();

/** Budget refusals and warnings (for people: chat, page, channels, CLI). */
export const usageMessages = defineMessages({
  zh: {
    dayPeriod: () => '今天',
    monthPeriod: () => '本月',
    tokenBudget: (period: string, used: number, limit: number) =>
      `${period}的 token 预算已用完：${formatTokens(used)} / ${formatTokens(limit)}`,
    costBudget: (period: string, used: number, limit: number, currency: string) =>
      `${period}的费用预算已用完：${formatCost(used, currency)} / ${formatCost(limit, currency)}`,
    refusedUntil: (reason: string, key: string, day: boolean) =>
      `${reason}（${key}）。${day ? '明天' : '下个月'}之前不再开始新的对话轮次和任务运行；可用 /budget 调高预算。`,
    warning: (period: string, what: string, key: string) =>
      `提醒：${period}已用掉 ${what}，超过预算（${key}）的 80%。`,
    turnCap: (used: number, limit: number) =>
      `本轮已用 ${formatTokens(used)} 个 token，达到每轮上限 ${formatTokens(limit)}（agent.max_tokens_per_turn），已停止。`,
    runCap: (used: number, limit: number, key: string) =>
      `本次任务运行已用 ${formatTokens(used)} 个 token，达到上限 ${formatTokens(limit)}（${key}），已停止。`,
    skippedRun: (reason: string) => `已跳过本次运行：${reason}`,
    wouldPass: (last: number, left: number, key: string) =>
      `上次运行用了 ${formatTokens(last)} 个 token，而预算（${key}）只剩 ${formatTokens(left)}`,
    tokens: (n: number) => `${formatTokens(n)} 个 token`,
    cost: (cost: number, currency: string) => formatCost(cost, currency),
  },
  en: {
    dayPeriod: () => 'today',
    monthPeriod: () => 'this month',
    tokenBudget: (period, used, limit) =>
      `The token budget for ${period} is used up: ${formatTokens(used)} of ${formatTokens(limit)}`,
    costBudget: (period, used, limit, currency) =>
      `The cost budget for ${period} is used up: ${formatCost(used, currency)} of ${formatCost(limit, currency)}`,
    refusedUntil: (reason, key, day) =>
      `${reason} (${key}). No new turn or task run starts until ${day ? 'tomorrow' : 'next month'}; raise it with /budget.`,
    warning: (period, what, key) => `Note: ${what} used ${period}, past 80 % of the budget (${key}).`,
    turnCap: (used, limit) =>
      `This turn used ${formatTokens(used)} tokens, reaching the per-turn cap of ${formatTokens(limit)} (agent.max_tokens_per_turn); stopped.`,
    runCap: (used, limit, key) =>
      `This task run used ${formatTokens(used)} tokens, reaching its cap of ${formatTokens(limit)} (${key}); stopped.`,
    skippedRun: (reason) => `Run skipped: ${reason}`,
    wouldPass: (last, left, key) =>
      `the last run used ${formatTokens(last)} tokens and the budget (${key}) has ${formatTokens(left)} left`,
    tokens: (n) => `${formatTokens(n)} tokens`,
    cost: (cost, currency) => formatCost(cost, currency),
  },
});

/** Usage reports (`aibox usage`, `/usage`). */
export const usageReportMessages = defineMessages({
  zh: {
    header: (from: string, to: string) => `用量 ${from} 至 ${to}`,
    total: () => '合计',
    requests: (n: number) => `${formatTokens(n)} 次请求`,
    tokens: (total: number, prompt: number, completion: number, cached: number, reasoning: number) =>
      `${formatTokens(total)} token（输入 ${formatTokens(prompt)}，其中缓存 ${formatTokens(cached)}；输出 ${formatTokens(completion)}，其中思考 ${formatTokens(reasoning)}）`,
    cost: (cost: number, currency: string) =>
      currency ? `费用 ${formatCost(cost, currency)}` : '费用：模型没有价格（llm.prices）',
    estimated: () => '含估算（服务商未报告用量）',
    none: () => '这段时间没有模型请求。',
    noTask: () => '（非任务）',
    today: () => '今天',
    month: () => '本月',
    budget: (key: string, used: string, limit: string) => `预算 ${key}：${used} / ${limit}`,
  },
  en: {
    header: (from, to) => `Usage from ${from} to ${to}`,
    total: () => 'Total',
    requests: (n) => `${formatTokens(n)} requests`,
    tokens: (total, prompt, completion, cached, reasoning) =>
      `${formatTokens(total)} tokens (prompt ${formatTokens(prompt)}, ${formatTokens(cached)} cached; completion ${formatTokens(completion)}, ${formatTokens(reasoning)} reasoning)`,
    cost: (cost, currency) =>
      currency ? `cost ${formatCost(cost, currency)}` : 'cost: the model has no price (llm.prices)',
    estimated: () => 'partly estimated (the provider reported no usage)',
    none: () => 'No model requests in this period.',
    noTask: () => '(no task)',
    today: () => 'Today',
    month: () => 'This month',
    budget: (key, used, limit) => `Budget ${key}: ${used} of ${limit}`,
  },
});
