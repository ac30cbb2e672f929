/**
 * What a session needs from the agent loop (`src/agent/run-turn.ts`). Named
 * here so the session layer and its tests can refer to the shape; the real
 * `runTurn` is the default implementation, and its option/result types are the
 * single source of the shape.
 */
import type { RunTurnOptions, TurnResult } from '../agent/run-turn.js';
import type { TurnMeter } from '../agent/turn-meter.js';
import type { EnqueueInput } from './types.js';

export type RunTurnFn = (input: RunTurnOptions) => Promise<TurnResult>;

/** The meter of one turn (usage and budgets, src/usage); undefined: the turn is not counted. */
export type MeterFor = (turn: {
  sessionId: string;
  turnId: string;
  input: EnqueueInput;
}) => TurnMeter | undefined;
