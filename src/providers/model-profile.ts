/**
 * Which request profile a model gets (`llm.profile`): `compact` sends a short system prompt, the
 * core tools with short descriptions (the rest on demand) and compresses history to fit the
 * model's window; `default` sends everything. `auto` picks compact for local models (`ollama`)
 * and for a model whose context window is known to be small (`llm.context_window` ≤ 32k).
 */
import type { Config } from '../config/schema.js';

export type ModelProfile = 'compact' | 'default';

/** Windows up to this many tokens get the compact profile under `auto`. */
export const COMPACT_WINDOW_MAX = 32_768;

/** What a compact model's window is taken to be when `llm.context_window` does not say. */
export const COMPACT_ASSUMED_WINDOW = 8_192;

export function resolveProfile(
  llm: Pick<Config['llm'], 'profile' | 'provider' | 'context_window'>,
): ModelProfile {
  if (llm.profile !== 'auto') return llm.profile;
  if (llm.provider === 'ollama') return 'compact';
  if (llm.context_window > 0 && llm.context_window <= COMPACT_WINDOW_MAX) return 'compact';
  return 'default';
}

/**
 * Estimated tokens of history (system prompt included) before compression, for a known window:
 * the window less the reply's room (`llm.max_tokens`, at most a quarter of the window) and the
 * tool definitions' share, never more than `agent.context_token_budget`.
 */
export function historyBudget(config: Pick<Config, 'llm' | 'agent'>, profile: ModelProfile): number {
  const configured = config.agent.context_token_budget;
  const window =
    config.llm.context_window > 0
      ? config.llm.context_window
      : profile === 'compact'
        ? COMPACT_ASSUMED_WINDOW
        : 0;
  if (window === 0) return configured;
  const reply = Math.min(config.llm.max_tokens, Math.floor(window / 4));
  const tools = profile === 'compact' ? TOOLS_TOKENS.compact : TOOLS_TOKENS.default;
  return Math.max(1000, Math.min(configured, window - reply - tools));
}

/** Room kept for the tool definitions of one request (bench/prompt-size.mjs measures them). */
const TOOLS_TOKENS = { compact: 1_500, default: 4_500 } as const;
