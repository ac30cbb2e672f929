import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AnyTool, Tool } from '../../src/tools/tool.js';
import { echo, expectAllCallsAnswered, history, slowTool, types, useScriptedTurn } from './turn-harness.js';

const scripted = useScriptedTurn();
const turn = scripted.turn;

describe('runTurn: cancel and end of conversation', () => {
  it('abort during a slow tool: the tool stops, every call gets a result, the next request is valid', async () => {
    const slow = slowTool();
    scripted.model.script({
      toolCalls: [
        { id: 's', name: 'slow', arguments: {} },
        { id: 'e', name: 'echo', arguments: { text: 'later' } },
      ],
    });
    const { events, controller, done } = turn({ tools: [echo, slow.tool] as AnyTool[] });
    await slow.started;
    controller.abort();
    const result = await done;
    expect(result).toMatchObject({ status: 'error', code: 'aborted' });
    expect(result.messages.slice(1)).toEqual([
      { role: 'tool', tool_call_id: 's', content: 'Tool slow was stopped: the user cancelled.' },
      { role: 'tool', tool_call_id: 'e', content: 'Tool echo was not run: the turn was cancelled.' },
    ]);
    expect(types(events).at(-1)).toBe('error');

    scripted.model.script({ text: 'fine' });
    const next = turn({ messages: [...history, ...result.messages, { role: 'user', content: 'go on' }] });
    expect(await next.done).toMatchObject({ status: 'complete', content: 'fine' });
    expectAllCallsAnswered(scripted.model.calls[1]?.messages);
  });

  it('a tool that ignores the signal is abandoned after the grace period', async () => {
    const stubborn: Tool<Record<string, never>> = {
      name: 'stubborn',
      description: 'Ignores cancellation',
      parameters: z.strictObject({}),
      execute: () => new Promise(() => {}),
    };
    scripted.model.script({ toolCalls: [{ id: 'x', name: 'stubborn', arguments: {} }] });
    const { controller, waitFor, done } = turn({ tools: [stubborn] as AnyTool[], abortGraceMs: 20 });
    await waitFor('tool_start');
    controller.abort();
    const result = await done;
    expect(result).toMatchObject({ status: 'error', code: 'aborted' });
    expect(result.messages.at(-1)).toEqual({
      role: 'tool',
      tool_call_id: 'x',
      content: expect.stringContaining('stopped'),
    });
  });

  it('a tool result with endConversation ends the turn once every call is answered', async () => {
    scripted.model.script({
      text: 'bye',
      toolCalls: [
        { id: 'f', name: 'finish', arguments: {} },
        { id: 'g', name: 'echo', arguments: { text: 'x' } },
      ],
    });
    const { events, done } = turn();
    const result = await done;
    expect(result).toMatchObject({ status: 'complete', content: 'bye', endConversation: true });
    expect(scripted.model.calls).toHaveLength(1);
    expectAllCallsAnswered(result.messages);
    expect(result.messages.at(-1)).toMatchObject({
      tool_call_id: 'g',
      content: expect.stringContaining('not run'),
    });
    expect(events.at(-1)).toMatchObject({ type: 'turn_end', endConversation: true, content: 'bye' });
  });
});
