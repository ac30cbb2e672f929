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
