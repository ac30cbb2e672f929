/**
 * What a session needs from the agent loop (`src/agent/run-turn.ts`). Named
 * here so the session layer and its tests can refer to the shape; the real
 * `runTurn` is the default implementation, and its option/result types are the
 * single source of the shape.
 */
import type { RunTurnOptions, TurnResult } from '../agent/run-turn.js';

export type RunTurnFn = (input: RunTurnOptions) => Promise<TurnResult>;
