/**
 * Shared by the loop tests: small real tools and a runTurn harness, against the in-process
 * scripted model (`useScriptedTurn`) or, for what depends on the vendor's wire, the HTTP fake
 * (`useTurnLlm`).
 */
import { afterEach, beforeEach, expect } from 'vitest';
import { z } from 'zod';
import type { AgentEvent } from '../../src/agent/events.js';
import { type RunTurnOptions, runTurn } from '../../src/agent/run-turn.js';
import type { ChatMessage, ChatProvider } from '../../src/providers/types.js';
import type { AnyTool, Tool } from '../../src/tools/tool.js';
import { type FakeLlm, startFakeLlm } from '../helpers/fake-llm.js';
import { fakeProvider } from '../helpers/fake-llm-provider.js';
import { createScriptedProvider, type ScriptedProvider } from '../helpers/scripted-provider.js';

export const echo: Tool<{ text: string }> = {
  name: 'echo',
  description: 'Echo the text back',
  parameters: z.strictObject({ text: z.string().describe('what to echo') }),
  async execute(args, ctx) {
    ctx.output('stdout', `live ${args.text}`);
    return { ok: true, content: `echo: ${args.text}` };
  },
};
export const boom: Tool<Record<string, never>> = {
  name: 'boom',
  description: 'Always fails',
  parameters: z.strictObject({}),
  async execute() {
    throw new Error('kaboom');
  },
};
export const finish: Tool<Record<string, never>> = {
  name: 'finish',
  description: 'Ends the conversation',
  parameters: z.strictObject({}),
  async execute() {
    return { ok: true, content: 'saved', endConversation: true };
  },
};

/** A tool that runs until its signal aborts; `started` resolves when it begins. */
export function slowTool() {
  let markStarted: () => void = () => {};
  const started = new Promise<void>((resolve) => {
    markStarted = resolve;
  });
  const tool: Tool<Record<string, never>> = {
    name: 'slow',
    description: 'Takes forever',
    parameters: z.strictObject({}),
    execute: (_args, ctx) =>
      new Promise((_resolve, reject) => {
        markStarted();
        ctx.signal.addEventListener('abort', () => reject(new Error('stopped by signal')), { once: true });
      }),
  };
  return { tool, started };
}

/** The JSON Schema the model is given for `echo`'s arguments. */
export const ECHO_PARAMETERS = {
  type: 'object',
  properties: { text: { type: 'string', description: 'what to echo' } },
  required: ['text'],
  additionalProperties: false,
};

export const history: ChatMessage[] = [
  { role: 'system', content: 'You are a test.' },
  { role: 'user', content: 'hello' },
];

export function turn(provider: ChatProvider, overrides: Partial<RunTurnOptions> = {}) {
  const events: AgentEvent[] = [];
  const waiters: { type: AgentEvent['type']; resolve: () => void }[] = [];
  /** Resolves when an event of `type` has been emitted. */
  const waitFor = (type: AgentEvent['type']) =>
    new Promise<void>((resolve) => {
      if (events.some((e) => e.type === type)) resolve();
      else waiters.push({ type, resolve });
    });
  const controller = new AbortController();
  const options: RunTurnOptions = {
    turnId: 't1',
    sessionId: 's1',
    lang: 'en',
    provider,
    tools: [echo, boom, finish] as AnyTool[],
    messages: history,
    maxRounds: 5,
    signal: controller.signal,
    emit: (event) => {
      events.push(event);
      for (const waiter of waiters) if (waiter.type === event.type) waiter.resolve();
    },
    ...overrides,
  };
  return { events, controller, waitFor, done: runTurn(options) };
}

export const types = (events: AgentEvent[]) => events.map((e) => e.type);

/** Every assistant tool call in `messages` is followed by its tool result. */
export function expectAllCallsAnswered(messages: ChatMessage[]) {
  const calls = messages.flatMap((m) =>
    m.role === 'assistant' ? (m.tool_calls ?? []).map((c) => c.id) : [],
  );
  const answers = messages.flatMap((m) => (m.role === 'tool' ? [m.tool_call_id] : []));
  expect(answers).toEqual(calls);
}

/** A fresh fake LLM for each test (closed after it) and `turn(overrides)` against it. */
export function useTurnLlm() {
  let current: FakeLlm | undefined;
  beforeEach(async () => {
    current = await startFakeLlm();
  });
  afterEach(async () => {
    await current?.close();
  });
  const fake = {
    get llm(): FakeLlm {
      if (!current) throw new Error('the fake LLM is not started (useTurnLlm outside a test?)');
      return current;
    },
    turn: (overrides: Partial<RunTurnOptions> = {}) => turn(fakeProvider(fake.llm), overrides),
  };
  return fake;
}

/** A fresh scripted model for each test (`model`), and `turn(overrides)` against it. */
export function useScriptedTurn() {
  let current: ScriptedProvider | undefined;
  beforeEach(() => {
    current = createScriptedProvider();
  });
  const scripted = {
    get model(): ScriptedProvider {
      if (!current) throw new Error('no scripted model (useScriptedTurn outside a test?)');
      return current;
    },
    set model(value: ScriptedProvider) {
      current = value;
    },
    turn: (overrides: Partial<RunTurnOptions> = {}) => turn(scripted.model, overrides),
  };
  return scripted;
}
