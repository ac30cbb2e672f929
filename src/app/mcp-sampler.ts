/**
 * The box's answer to an MCP server's sampling request (src/mcp/sampling.ts): its own model,
 * without tools, refused while a budget is used up, and recorded in the usage ledger under the
 * session and turn of the tool call it came during (channel `mcp`), estimated when the provider
 * reports no usage. An answer gets at most `tokenCap()` tokens (the model's `max_tokens`,
 * `agent.max_tokens_per_turn`, the token budgets' rest) and is cut at `MAX_SAMPLING_REPLY_CHARS`.
 */
import type { Config } from '../config/schema.js';
import type { Lang } from '../i18n/lang.js';
import { type McpSampler, SAMPLING_REFUSED } from '../mcp/sampling.js';
import type { ChatProvider, Usage } from '../providers/types.js';
import type { UsageLedger } from '../usage/ledger.js';
import { estimateUsage } from '../usage/turn-meter.js';

export const MAX_SAMPLING_REPLY_CHARS = 100_000;

interface SamplerDeps {
  provider: ChatProvider;
  usage: UsageLedger;
  lang: Lang;
  config: () => Config;
}

/** The most tokens one sampling answer may take: the model's, the per-turn cap, the budgets' rest. */
function tokenCap(deps: SamplerDeps): number {
  const config = deps.config();
  const perTurn = config.agent.max_tokens_per_turn;
  return Math.min(
    config.llm.max_tokens,
    perTurn > 0 ? perTurn : Number.POSITIVE_INFINITY,
    deps.usage.tokensLeft().left,
  );
}

export function boxMcpSampler(deps: SamplerDeps): McpSampler {
  const sample: McpSampler['sample'] = async (ask, signal) => {
    const refusal = deps.usage.refusal(ask.origin?.lang ?? deps.lang);
    if (refusal) throw Object.assign(new Error(refusal), { code: SAMPLING_REFUSED });
    let text = '';
    let usage: Usage | undefined;
    let finish = '';
    const request = {
      messages: ask.messages,
      maxTokens: ask.maxTokens,
      maxReplyChars: MAX_SAMPLING_REPLY_CHARS,
      ...(ask.temperature !== undefined ? { temperature: ask.temperature } : {}),
    };
    try {
      for await (const event of deps.provider.stream(request, signal)) {
        if (event.type === 'text_delta') text += event.text;
        else if (event.type === 'error') throw new Error(event.message);
        else if (event.type === 'done') {
          usage = event.usage;
          finish = event.finishReason;
        }
      }
    } finally {
      const model = deps.provider.info.model;
      deps.usage.record(
        {
          session: ask.origin?.sessionId ?? 'mcp',
          turnId: ask.origin?.turnId ?? `mcp-sampling-${ask.server}`,
          taskId: null,
          channel: 'mcp',
          model,
        },
        usage ?? estimateUsage({ messages: ask.messages, reply: text }),
      );
    }
    return {
      text: text.slice(0, MAX_SAMPLING_REPLY_CHARS),
      model: deps.provider.info.model,
      cut: finish === 'length',
    };
  };
  return { sample, tokenCap: () => tokenCap(deps) };
}
