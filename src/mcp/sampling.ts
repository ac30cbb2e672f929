/**
 * `sampling/createMessage` from a connected server: the server asks the box's own model. The
 * request is hostile input: text only, at most `MAX_SAMPLING_MESSAGES` messages and
 * `MAX_SAMPLING_CHARS` characters, `maxTokens` capped at `MAX_SAMPLING_TOKENS` and the sampler's
 * `tokenCap()` (the model's `max_tokens`, the per-turn cap, the budgets), no tools (the
 * model cannot act on what the server says). Whether it runs is `mcp.servers.NAME.sampling`:
 * `deny`; `allow`; `ask` (default) asks the person of the tool call it came during, and is refused
 * when there is none. The answer is counted against the budget by the sampler (app/mcp-sampler.ts).
 */
import type { CreateMessageRequest, CreateMessageResult } from '@modelcontextprotocol/sdk/types.js';
import type { Lang } from '../i18n/lang.js';
import type { ChatMessage } from '../providers/types.js';
import type { RequestApproval } from '../safety/types.js';
import { cleanText } from '../util/untrusted-text.js';
import { mcpMessages } from './messages.js';

export const MAX_SAMPLING_MESSAGES = 50;
export const MAX_SAMPLING_CHARS = 50_000;
export const MAX_SAMPLING_TOKENS = 4096;
/** The JSON-RPC code a refused sampling request gets (the spec's "user rejected"). */
export const SAMPLING_REFUSED = -1;

export type SamplingPolicy = 'ask' | 'allow' | 'deny';

/** The tool call a request came during (the latest one running on that server). */
export interface SamplingOrigin {
  sessionId: string;
  turnId: string;
  lang: Lang;
  requestApproval?: RequestApproval;
}

export interface SamplingAsk {
  server: string;
  messages: ChatMessage[];
  maxTokens: number;
  temperature?: number;
  origin?: SamplingOrigin;
}

export interface SamplingAnswer {
  text: string;
  model: string;
  /** true: the reply stopped at `maxTokens`. */
  cut: boolean;
}

/** The box's model answering a server (app/mcp-sampler.ts). */
export interface McpSampler {
  /** Budget checked first, usage recorded. Throws with a message. */
  sample(ask: SamplingAsk, signal: AbortSignal): Promise<SamplingAnswer>;
  /**
   * The most tokens one answer may take now, besides `MAX_SAMPLING_TOKENS`: the model's
   * `max_tokens`, `agent.max_tokens_per_turn` and what the budgets have left.
   */
  tokenCap(): number;
}

/** `maxTokens` as the server asked, within the caps (at least 1; a non-number asks for the most). */
export function samplingTokens(requested: unknown, cap: number): number {
  const asked =
    typeof requested === 'number' && Number.isFinite(requested) ? Math.floor(requested) : Infinity;
  const limit = Number.isFinite(cap) ? Math.floor(cap) : MAX_SAMPLING_TOKENS;
  return Math.max(1, Math.min(asked, MAX_SAMPLING_TOKENS, limit));
}

class SamplingError extends Error {
  readonly code = SAMPLING_REFUSED;
}

type Params = CreateMessageRequest['params'];

/** The server's messages as chat messages, or why they are refused. */
function toChat(params: Params, t: ReturnType<typeof mcpMessages>): ChatMessage[] {
  if (params.messages.length > MAX_SAMPLING_MESSAGES)
    throw new SamplingError(t.samplingTooMany(MAX_SAMPLING_MESSAGES));
  const chat: ChatMessage[] = [];
  let chars = 0;
  const add = (role: 'system' | 'user' | 'assistant', text: string) => {
    chars += text.length;
    if (chars > MAX_SAMPLING_CHARS) throw new SamplingError(t.samplingTooLarge(MAX_SAMPLING_CHARS));
    chat.push({ role, content: cleanText(text) } as ChatMessage);
  };
  if (typeof params.systemPrompt === 'string' && params.systemPrompt) add('system', params.systemPrompt);
  for (const message of params.messages) {
    const blocks = Array.isArray(message.content) ? message.content : [message.content];
    const texts = blocks.map((block) => {
      if (block.type !== 'text') throw new SamplingError(t.samplingOnlyText(String(block.type).slice(0, 40)));
      return block.text;
    });
    add(message.role === 'assistant' ? 'assistant' : 'user', texts.join('\n'));
  }
  if (chat.at(-1)?.role !== 'user') throw new SamplingError(t.samplingLastNotUser);
  return chat;
}

/** What the person reads: the last message, cut short. */
function preview(chat: ChatMessage[]): string {
  const last = String(chat.at(-1)?.content ?? '');
  return last.length > 500 ? `${last.slice(0, 500)}…` : last;
}

interface AnswerOptions {
  server: string;
  policy: SamplingPolicy;
  /** The box's language, when no tool call is running. */
  lang: Lang;
  origin: SamplingOrigin | undefined;
  sampler: McpSampler;
  signal: AbortSignal;
}

export async function answerSampling(params: Params, options: AnswerOptions): Promise<CreateMessageResult> {
  const { server, policy, origin } = options;
  const t = mcpMessages(origin?.lang ?? options.lang);
  if (policy === 'deny') throw new SamplingError(t.samplingDenied(server));
  if (params.tools !== undefined && params.tools.length > 0) throw new SamplingError(t.samplingNoTools);
  const messages = toChat(params, t);
  const maxTokens = samplingTokens(params.maxTokens, options.sampler.tokenCap());
  if (policy === 'ask') {
    if (!origin?.requestApproval) throw new SamplingError(t.samplingNobody(server));
    const outcome = await origin.requestApproval({
      tool: `${server}__sampling`,
      command: preview(messages),
      reason: t.samplingReason(server, maxTokens),
    });
    if (!outcome.approved) throw new SamplingError(t.samplingRefused(server));
  }
  const answer = await options.sampler.sample(
    {
      server,
      messages,
      maxTokens,
      ...(typeof params.temperature === 'number' ? { temperature: params.temperature } : {}),
      ...(origin ? { origin } : {}),
    },
    options.signal,
  );
  return {
    role: 'assistant',
    content: { type: 'text', text: answer.text },
    model: answer.model,
    stopReason: answer.cut ? 'maxTokens' : 'endTurn',
  };
}
