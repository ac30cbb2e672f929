/**
 * What the agent loop asks of the usage ledger (src/usage): whether the next model round may
 * run, and what a finished round used. The loop knows nothing of budgets or prices; the
 * session builds one meter per turn (absent: nothing is counted or capped).
 */
import type { ChatMessage, Usage } from '../providers/types.js';

/** Why a round may not start (the turn ends with this code and message). */
export interface TurnRefusal {
  code: 'budget_exceeded';
  message: string;
}

export interface FinishedRound {
  /** What the provider reported; absent when it sent none (the meter estimates). */
  usage?: Usage;
  /** The request of the round (for the estimate). */
  messages: readonly ChatMessage[];
  /** Text, reasoning and tool-call arguments of the reply (for the estimate). */
  reply: string;
}

export interface TurnMeter {
  /** Before every model round; `turnTokens` is what the turn's earlier rounds used. */
  beforeRound(turnTokens: number): TurnRefusal | undefined;
  /** After every model round that reached the model; returns the usage counted (estimated when the provider sent none). */
  afterRound(round: FinishedRound): { usage: Usage; notices: string[] };
}
