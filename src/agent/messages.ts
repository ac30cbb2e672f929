import { defineMessages, type Lang } from '../i18n/lang.js';

/** Agent-loop texts. Tool-result texts are model-facing; the rest are for people. */
export const agentMessages = defineMessages({
  zh: {
    invalidJson: (name: string, error: string, example: string) =>
      `错误：工具 \`${name}\` 的参数不是合法的 JSON（${error}）。请用一个 JSON 对象重新调用，例如 ${example}`,
    notAnObject: (name: string, example: string) =>
      `错误：工具 \`${name}\` 的参数必须是一个 JSON 对象，例如 ${example}`,
    invalidArgs: (name: string, issues: string) =>
      `错误：工具 \`${name}\` 的参数不符合要求：\n${issues}\n请修正后重新调用。`,
    missingArgument: (key: string, type: string) => `缺少必填参数 \`${key}\`（${type}）`,
    misnamedArgument: (given: string, key: string) => `没有参数 \`${given}\`；是不是 \`${key}\`？`,
    unknownTool: (name: string, known: string) => `错误：没有名为 \`${name}\` 的工具。可用的工具：${known}`,
    unknownToolMeant: (name: string, meant: string) => `错误：没有工具 \`${name}\`；是不是 \`${meant}\`？`,
    malformedCalls: (n: number) =>
      `模型连续 ${n} 次发出无法执行的工具调用（工具名或参数不对），本轮已停止。可以换一种说法再试，或换一个更强的模型。`,
    toolNotRunMalformed: (name: string) => `工具 ${name} 没有执行：连续多次工具调用出错，本轮已停止。`,
    toolThrew: (name: string, error: string) => `错误：工具 ${name} 执行失败：${error}`,
    toolAborted: (name: string) => `工具 ${name} 因用户取消而中止。`,
    toolNotRun: (name: string) => `工具 ${name} 没有执行：本轮对话已被取消。`,
    toolSkippedEnd: (name: string) => `工具 ${name} 没有执行：对话已结束。`,
    maxRounds: (n: number) =>
      `已停止：本轮已达到 ${n} 次模型调用的上限，模型仍在调用工具，像是陷入了循环（可调整 agent.max_rounds）。`,
    repeatedCall: (name: string, n: number) =>
      `已停止：模型连续 ${n} 次用相同参数调用工具 ${name}，像是陷入了循环（agent.max_repeat_calls）。`,
    staleRounds: (n: number) =>
      `已停止：连续 ${n} 轮工具调用没有得到任何新结果，token 却在增长（agent.max_stale_rounds）。`,
    toolNotRunRunaway: (name: string) => `工具 ${name} 没有执行：本轮因重复调用被停止。`,
    aborted: () => '已取消',
    truncated: (max: number) => `[已截断：回答超过 ${max} 个字符]`,
  },
  en: {
    invalidJson: (name, error, example) =>
      `Error: the arguments for tool \`${name}\` are not valid JSON (${error}). Call it again with one JSON object, e.g. ${example}`,
    notAnObject: (name, example) =>
      `Error: the arguments for tool \`${name}\` must be one JSON object, e.g. ${example}`,
    invalidArgs: (name, issues) =>
      `Error: invalid arguments for tool \`${name}\`:\n${issues}\nFix them and call it again.`,
    missingArgument: (key, type) => `missing required argument \`${key}\` (${type})`,
    misnamedArgument: (given, key) => `there is no argument \`${given}\`; did you mean \`${key}\`?`,
    unknownTool: (name, known) => `Error: there is no tool named \`${name}\`. Available tools: ${known}`,
    unknownToolMeant: (name, meant) => `Error: unknown tool \`${name}\`; did you mean \`${meant}\`?`,
    malformedCalls: (n) =>
      `Stopped: the model sent ${n} tool calls in a row that could not run (wrong tool name or arguments). Try rephrasing, or a stronger model.`,
    toolNotRunMalformed: (name) =>
      `Tool ${name} was not run: the turn stopped after repeated malformed tool calls.`,
    toolThrew: (name, error) => `Error: tool ${name} failed: ${error}`,
    toolAborted: (name) => `Tool ${name} was stopped: the user cancelled.`,
    toolNotRun: (name) => `Tool ${name} was not run: the turn was cancelled.`,
    toolSkippedEnd: (name) => `Tool ${name} was not run: the conversation ended.`,
    maxRounds: (n) =>
      `Stopped: the model was still calling tools after ${n} model calls in one turn, which looks like a loop (see agent.max_rounds).`,
    repeatedCall: (name, n) =>
      `Stopped: the model called ${name} with the same arguments ${n} times in a row, which looks like a loop (agent.max_repeat_calls).`,
    staleRounds: (n) =>
      `Stopped: ${n} rounds of tool calls in a row brought no new result while the tokens grew (agent.max_stale_rounds).`,
    toolNotRunRunaway: (name) => `Tool ${name} was not run: the turn was stopped for repeating itself.`,
    aborted: () => 'cancelled',
    truncated: (max: number) => `[truncated: the answer passed ${max} characters]`,
  },
});

/**
 * Model-facing one-line descriptions of the built-in tools for the compact profile (tool-offer.ts);
 * a tool without one (an MCP tool) is described by the first sentence of its own description.
 */
const compactToolBriefTable = defineMessages({
  zh: {
    run_command: '在工作区运行一条 shell 命令，返回输出和返回码。',
    read_file: '读取文本文件（带行号；大文件用 head/tail 或行范围）。',
    write_file: '写入或追加文本文件。',
    list_files: '列出目录内容。',
    web: '访问网页：正文、标题、链接，或在页面里找关键词。',
    memory: '长期记忆：save 保存，search 查找，recent、get、delete。',
    search_skills: '按关键词查找技能（程序和指南）。',
    save_memory_and_end_conversation: '保存本次对话的总结并结束对话。',
    get_current_time: '当前日期和时间',
    calculator: '计算数学表达式',
    memo: '提醒和定时任务',
    update_identity: '记下关于用户的新信息',
    update_soul: '记下关于自己角色和做事方式的新认识',
    reload_skills: '重新扫描技能目录',
    install_skill: '安装一个技能文件',
    create_skill: '编写一个新技能',
    read_skill: '读取一个技能的完整说明',
  },
  en: {
    run_command: 'Run one shell command in the workspace; returns its output and exit code.',
    read_file: 'Read a text file with line numbers (head/tail or line ranges for big files).',
    write_file: 'Write or append to a text file.',
    list_files: 'List a directory.',
    web: 'Fetch a web page: its text, title, links, or find a keyword in it.',
    memory: 'Long-term memory: save, search, recent, get, delete.',
    search_skills: 'Find skills (programs and guides) by keyword.',
    save_memory_and_end_conversation: 'Save a summary of this conversation and end it.',
    get_current_time: 'current date and time',
    calculator: 'evaluate a math expression',
    memo: 'reminders and scheduled tasks',
    update_identity: 'record what you learn about the user',
    update_soul: 'record what you learn about your own role and way of working',
    reload_skills: 'rescan the skills directory',
    install_skill: 'install a skill file',
    create_skill: 'write a new skill',
    read_skill: "read a skill's full instructions",
  },
});

/** The brief of a built-in tool, or undefined for any other tool. */
export function compactToolBrief(name: string, lang: Lang): string | undefined {
  const table: Readonly<Record<string, string>> = compactToolBriefTable(lang);
  return Object.hasOwn(table, name) ? table[name] : undefined;
}
