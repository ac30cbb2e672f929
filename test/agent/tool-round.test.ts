/**
 * One tool round on its own (src/agent/tool-round.ts), with small real tools: every call gets one
 * tool result, what stops a call from running says why, and what carries to the next round is
 * in the state.
 */
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/agent/events.js';
import { RunawayWatch } from '../../src/agent/runaway-watch.js';
import { createToolOffer } from '../../src/agent/tool-offer.js';
import { MAX_MALFORMED_CALLS, runToolRound, type ToolRoundState } from '../../src/agent/tool-round.js';
import type { ChatMessage, ToolCall } from '../../src/providers/types.js';
import type { AnyTool } from '../../src/tools/tool.js';
import { echo, finish } from './turn-harness.js';

let ids = 0;
const call = (name: string, args: unknown): ToolCall => ({
  id: `call-${++ids}`,
  type: 'function',
  function: { name, arguments: typeof args === 'string' ? args : JSON.stringify(args) },
});

function round(tools: AnyTool[], signal = new AbortController().signal) {
  const events: AgentEvent[] = [];
  const recorded: ChatMessage[] = [];
  const deps = {
    turnId: 't1',
    sessionId: 's1',
    lang: 'en' as const,
    signal,
    tools: new Map(tools.map((tool) => [tool.name, tool])),
    offer: createToolOffer(tools, 'default', 'en'),
    watch: new RunawayWatch({ maxRepeatCalls: 3, maxStaleRounds: 4 }),
    abortGraceMs: 100,
    clock: () => 0,
    emit: (event: AgentEvent) => events.push(event),
    record: (message: ChatMessage) => recorded.push(message),
  };
  const results = () => recorded.map((m) => (m.role === 'tool' ? m.content : ''));
  return { deps, events, recorded, results };
}

describe('a tool round', () => {
  it('runs each call in order, with its events and one result each', async () => {
    const r = round([echo as AnyTool]);
    const state: ToolRoundState = { malformedInARow: 0, untrusted: new Set<string>() };
    const calls = [call('echo', { text: 'a' }), call('echo', { text: 'b' })];
    expect(await runToolRound(calls, state, r.deps)).toEqual({ endConversation: false, pictures: [] });
    expect(r.results()).toEqual(['echo: a', 'echo: b']);
    expect(r.recorded.map((m) => (m.role === 'tool' ? m.tool_call_id : ''))).toEqual(calls.map((c) => c.id));
    expect(r.events.map((e) => e.type)).toEqual([
      'tool_start',
      'tool_output',
      'tool_end',
      'tool_start',
      'tool_output',
      'tool_end',
    ]);
  });

  it('skips the calls after one that ends the conversation', async () => {
    const r = round([echo as AnyTool, finish as AnyTool]);
    const outcome = await runToolRound(
      [call('finish', {}), call('echo', { text: 'late' })],
      { malformedInARow: 0, untrusted: new Set<string>() },
      r.deps,
    );
    expect(outcome.endConversation).toBe(true);
    expect(r.results()).toEqual(['saved', 'Tool echo was not run: the conversation ended.']);
  });

  it('counts malformed calls across rounds and runs none past the limit', async () => {
    const r = round([echo as AnyTool]);
    const state: ToolRoundState = { malformedInARow: MAX_MALFORMED_CALLS - 1, untrusted: new Set<string>() };
    await runToolRound([call('ecoh', { text: 'x' }), call('echo', { text: 'y' })], state, r.deps);
    expect(state.malformedInARow).toBe(MAX_MALFORMED_CALLS);
    expect(r.results()[1]).toBe(
      'Tool echo was not run: the turn stopped after repeated malformed tool calls.',
    );
  });

  it('runs nothing once the turn is aborted, and still answers every call', async () => {
    const controller = new AbortController();
    controller.abort();
    const r = round([echo as AnyTool], controller.signal);
    await runToolRound(
      [call('echo', { text: 'a' })],
      { malformedInARow: 0, untrusted: new Set<string>() },
      r.deps,
    );
    expect(r.results()).toEqual(['Tool echo was not run: the turn was cancelled.']);
    expect(r.events).toEqual([]);
  });
});
