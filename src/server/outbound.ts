/**
 * SessionEvent → wire frames (docs/protocol.md, "Server → client"). Structured frames
 * for new clients, plus `line` frames carrying the same tool activity as text
 * for the original clients (client.py, frontend.html), which only read
 * `line`/`chunk`/`complete`.
 */

import { errorFrame } from '../error-frame.js';
import type { ServerFrame, ServerFrameType, WireUsage } from '../protocol/frames.js';
import type { Usage } from '../providers/types.js';
import type { SessionEvent } from '../session/types.js';
import { roundCost } from '../usage/prices.js';
import type { ServerMessages } from './messages.js';

/**
 * Frames only for clients that asked for protocol 1 (subprotocol `aibox.v1`). The original
 * clients append the `content` of any frame type they do not know to the answer, so these
 * would show the user's words, the tool output and the model's reasoning inside it; they
 * get the same activity as `line` frames instead.
 */
const STRUCTURED_ONLY = new Set<ServerFrameType>([
  'turn_start',
  'tool_start',
  'tool_output',
  'tool_end',
  'reasoning',
  'queued',
  'approval_request',
  'approval_resolved',
  'elicitation_request',
  'elicitation_resolved',
  'recalled',
]);

/** Frames only for the original clients (marked by identity, so nothing extra goes on the wire). */
const legacyOnly = new WeakSet<ServerFrame>();

export function frameIsFor(structured: boolean, frame: ServerFrame): boolean {
  return structured ? !legacyOnly.has(frame) : !STRUCTURED_ONLY.has(frame.type);
}

function commandOf(args: unknown): string | undefined {
  if (
    typeof args === 'object' &&
    args !== null &&
    typeof (args as { command?: unknown }).command === 'string'
  ) {
    return (args as { command: string }).command;
  }
  return undefined;
}

/** A turn's usage as the `complete` frame carries it (docs/protocol.md). */
export function wireUsage(usage: Usage): WireUsage {
  const wire: WireUsage = {
    prompt_tokens: usage.promptTokens,
    completion_tokens: usage.completionTokens,
    total_tokens: usage.totalTokens,
    cached_tokens: usage.cachedTokens ?? 0,
    reasoning_tokens: usage.reasoningTokens ?? 0,
  };
  if (usage.currency) {
    wire.cost = roundCost(usage.cost ?? 0);
    wire.currency = usage.currency;
  }
  if (usage.estimated) wire.estimated = true;
  return wire;
}

/** Frames for one session event, in send order. `queued` and `message` events produce none. */
export function framesForEvent(event: SessionEvent, t: ServerMessages): ServerFrame[] {
  const session = event.session;
  switch (event.type) {
    case 'queued':
    case 'message':
      return [];
    case 'turn_start':
      return [
        { type: 'turn_start', turn_id: event.turnId, session, source: event.source, content: event.content },
      ];
    case 'text_delta':
      return [{ type: 'chunk', content: event.text, turn_id: event.turnId, session }];
    case 'reasoning_delta':
      return [{ type: 'reasoning', content: event.text, turn_id: event.turnId, session }];
    case 'tool_start': {
      const command = event.name === 'run_command' ? commandOf(event.args) : undefined;
      return [
        {
          type: 'tool_start',
          turn_id: event.turnId,
          call_id: event.callId,
          name: event.name,
          args: typeof event.args === 'object' && event.args !== null ? event.args : {},
          session,
        },
        {
          type: 'line',
          content: `\n${command !== undefined ? t.runCommand(command) : t.toolCall(event.name)}`,
          session,
        },
      ];
    }
    case 'tool_output':
      return [
        {
          type: 'tool_output',
          turn_id: event.turnId,
          call_id: event.callId,
          stream: event.stream,
          content: event.text,
          session,
        },
        { type: 'line', content: event.text, session },
      ];
    case 'tool_end': {
      const frame: ServerFrame = {
        type: 'tool_end',
        turn_id: event.turnId,
        call_id: event.callId,
        name: event.name,
        ok: event.ok,
        content: event.content,
        duration_ms: event.durationMs,
        session,
      };
      if (event.fullOutputPath) frame.full_output_path = event.fullOutputPath;
      const banner = event.ok
        ? t.toolDone(event.name, event.durationMs)
        : t.toolFailed(event.name, event.durationMs);
      return [frame, { type: 'line', content: banner, session }];
    }
    case 'turn_end':
      return [
        {
          type: 'complete',
          content: event.content,
          turn_id: event.turnId,
          usage: wireUsage(event.usage),
          session,
        },
      ];
    case 'error':
      return [errorFrame(event.code, event.message, { turn_id: event.turnId, session })];
    case 'dialogue_ended':
      return [{ type: 'dialogue_ended', content: t.dialogueEnded, session }];
    case 'recalled':
      return [
        {
          type: 'recalled',
          turn_id: event.turnId,
          memories: event.memories.map((m) => ({
            id: m.id,
            topic: m.topic,
            summary: m.summary,
            ...(m.similarity === undefined ? {} : { similarity: Math.round(m.similarity * 1000) / 1000 }),
            ...(m.untrusted ? { untrusted: m.untrusted } : {}),
          })),
          session,
        },
      ];
    case 'notice':
      return [{ type: 'info', content: event.message, session, turn_id: event.turnId }];
    case 'dialogue_reset': {
      // The original clients append the reset notice to the answer on screen and end that only on
      // `complete`: without one, the next answer is glued onto the notice.
      const end: ServerFrame = { type: 'complete', content: '', session };
      legacyOnly.add(end);
      return [{ type: 'dialogue_reset', content: t.dialogueReset, session }, end];
    }
    default: {
      // A new session event must be given its frames here (or none, explicitly).
      const unhandled: never = event;
      return unhandled;
    }
  }
}
