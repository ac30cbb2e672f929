import { defineMessages } from '../i18n/lang.js';

/** Agent-loop texts. Tool-result texts are model-facing; the rest are for people. */
export const agentMessages = defineMessages({
  zh: {
    invalidJson: (name: string, error: string) =>
      `错误：工具 ${name} 的参数不是合法的 JSON（${error}）。请用一个 JSON 对象重新调用。`,
    invalidArgs: (name: string, issues: string) =>
      `错误：工具 ${name} 的参数不符合要求：\n${issues}\n请修正后重新调用。`,
    unknownTool: (name: string, known: string) => `错误：没有名为 ${name} 的工具。可用的工具：${known}`,
    toolThrew: (name: string, error: string) => `错误：工具 ${name} 执行失败：${error}`,
    toolAborted: (name: string) => `工具 ${name} 因用户取消而中止。`,
    toolNotRun: (name: string) => `工具 ${name} 没有执行：本轮对话已被取消。`,
    toolSkippedEnd: (name: string) => `工具 ${name} 没有执行：对话已结束。`,
    maxRounds: (n: number) => `本轮已达到 ${n} 次模型调用的上限，已停止（可调整 agent.max_rounds）。`,
    aborted: () => '已取消',
    truncated: (max: number) => `[已截断：回答超过 ${max} 个字符]`,
  },
  en: {
    invalidJson: (name, error) =>
      `Error: the arguments for tool ${name} are not valid JSON (${error}). Call it again with one JSON object.`,
    invalidArgs: (name, issues) =>
      `Error: invalid arguments for tool ${name}:\n${issues}\nFix them and call it again.`,
    unknownTool: (name, known) => `Error: there is no tool named ${name}. Available tools: ${known}`,
    toolThrew: (name, error) => `Error: tool ${name} failed: ${error}`,
    toolAborted: (name) => `Tool ${name} was stopped: the user cancelled.`,
    toolNotRun: (name) => `Tool ${name} was not run: the turn was cancelled.`,
    toolSkippedEnd: (name) => `Tool ${name} was not run: the conversation ended.`,
    maxRounds: (n) =>
      `Stopped after reaching the limit of ${n} model calls in one turn (see agent.max_rounds).`,
    aborted: () => 'cancelled',
    truncated: (max: number) => `[truncated: the answer passed ${max} characters]`,
  },
});
