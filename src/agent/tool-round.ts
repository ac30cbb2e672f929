/**
 * One tool round of a turn: the tool calls of one assistant message, run in order. Every call
 * gets exactly one tool result recorded, also one that does not run (the turn was aborted, a tool
 * ended the conversation, a loop was found, too many malformed calls in a row). What carries over
 * to the next round (malformed calls in a row, a loop found) lives in `ToolRoundState`; whether
 * the turn goes on is the caller's decision.
 */
import type { Lang } from '../i18n/lang.js';
import type { ChatMessage, ToolCall } from '../providers/types.js';
import type { AskPerson } from '../safety/types.js';
import type { AnyTool, ToolResult } from '../tools/tool.js';
import type { AgentEvent } from './events.js';
import { executeToolCall, parseArguments } from './execute-tool-call.js';
import { agentMessages } from './messages.js';
import type { RunawayWatch } from './runaway-watch.js';
import type { ToolOffer } from './tool-offer.js';
import type { ToolPicture } from './tool-pictures.js';

/** Malformed tool calls in a row (unknown tool, bad JSON, refused arguments) that end the turn. */
export const MAX_MALFORMED_CALLS = 3;

/** Kept across the rounds of one turn. */
export interface ToolRoundState {
  malformedInARow: number;
  /** Why the turn is a loop (a call repeated too often); set once, no call runs after it. */
  runaway?: string;
  /** The kinds of outside text the model's context holds (`ToolResult.untrusted`), this turn's results added. */
  untrusted: Set<string>;
}

export interface ToolRoundDeps {
  turnId: string;
  sessionId: string;
  lang: Lang;
  signal: AbortSignal;
  tools: ReadonlyMap<string, AnyTool>;
  offer: ToolOffer;
  watch: RunawayWatch;
  abortGraceMs: number;
  askPerson?: AskPerson;
  clock(): number;
  emit(event: AgentEvent): void;
  /** Keeps a history entry of the turn (the tool results, with the kind of outside text each carries). */
  record(message: ChatMessage, untrusted?: string): void;
}

/** Runs `calls`; resolves to whether a tool ended the conversation, and the pictures tools gave back. */
export async function runToolRound(
  calls: readonly ToolCall[],
  state: ToolRoundState,
  deps: ToolRoundDeps,
): Promise<{ endConversation: boolean; pictures: ToolPicture[] }> {
  const text = agentMessages(deps.lang);
  const { turnId, signal, tools } = deps;
  let endConversation = false;
  const pictures: ToolPicture[] = [];
  // The model wrote these calls having read what its context held then, not this round's results.
  const untrustedRead = [...state.untrusted].sort();
  for (const call of calls) {
    const name = call.function.name;
    const parsed = parseArguments(call.function.arguments);
    let result: ToolResult;
    if (signal.aborted) result = { ok: false, content: text.toolNotRun(name) };
    else if (endConversation) result = { ok: false, content: text.toolSkippedEnd(name) };
    else if (state.runaway) result = { ok: false, content: text.toolNotRunRunaway(name) };
    else if (state.malformedInARow >= MAX_MALFORMED_CALLS)
      result = { ok: false, content: text.toolNotRunMalformed(name) };
    // A call that cannot run is a malformed call (counted above), not a loop.
    else if (tools.has(name) && parsed.ok && deps.watch.repeated(call)) {
      state.runaway = text.repeatedCall(name, deps.watch.repeatCount);
      result = { ok: false, content: text.toolNotRunRunaway(name) };
    } else {
      deps.emit({
        type: 'tool_start',
        turnId,
        callId: call.id,
        name,
        args: parsed.ok ? parsed.value : call.function.arguments,
      });
      const started = deps.clock();
      // A compact turn's first call of a tool it was not offered shows the model its definition.
      const firstContact = tools.has(name) && !deps.offer.offered(name);
      deps.offer.called(name);
      const executed = await executeToolCall({
        call,
        parsed,
        tools,
        lang: deps.lang,
        abortGraceMs: deps.abortGraceMs,
        context: {
          signal,
          sessionId: deps.sessionId,
          turnId,
          untrustedRead,
          ...(deps.askPerson ? { askPerson: deps.askPerson } : {}),
          output: (stream, chunk) =>
            deps.emit({ type: 'tool_output', turnId, callId: call.id, stream, text: chunk }),
        },
      });
      if (!executed.malformed) state.malformedInARow = 0;
      else if (!firstContact) state.malformedInARow++;
      const { malformed: _counted, ...toolResult } = executed;
      result = toolResult;
      deps.emit({
        type: 'tool_end',
        turnId,
        callId: call.id,
        name,
        ok: result.ok,
        content: result.content,
        durationMs: Math.max(0, deps.clock() - started),
        ...(result.fullOutputPath ? { fullOutputPath: result.fullOutputPath } : {}),
      });
      if (result.endConversation) endConversation = true;
      for (const data of result.pictures ?? []) pictures.push({ tool: name, data });
      if (result.untrusted) state.untrusted.add(result.untrusted);
    }
    deps.record({ role: 'tool', tool_call_id: call.id, content: result.content }, result.untrusted);
  }
  return { endConversation, pictures };
}
