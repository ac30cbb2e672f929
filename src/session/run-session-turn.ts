/**
 * One queued turn of a session, start to end: the user message is stored at
 * once, older history is compressed if over budget, the agent loop runs with
 * the system prompt + history, every finished message is stored as it is
 * emitted, and exactly one terminal event (`turn_end` or `error`) is emitted,
 * built from the loop's result, whatever the loop itself emitted or threw.
 */

import { onDemandTools } from '../agent/compact-tools.js';
import type { AgentEvent } from '../agent/events.js';
import type { TurnResult } from '../agent/run-turn.js';
import type { ToolPicturePort } from '../agent/tool-pictures.js';
import { toChatMessage } from '../conversations/chat-mapping.js';
import type { MessageRepo } from '../conversations/message-repo.js';
import type { StoredMessage } from '../conversations/types.js';
import { describeError } from '../errors.js';
import type { Lang } from '../i18n/lang.js';
import type { Logger } from '../log/logger.js';
import type { PromptSource } from '../prompts/prompt-loader.js';
import type { ModelProfile } from '../providers/model-profile.js';
import type { ChatMessage, ChatProvider } from '../providers/types.js';
import type { AskPerson } from '../safety/types.js';
import { unionNames } from '../store/name-set.js';
import type { AnyTool } from '../tools/tool.js';
import type { Clock } from '../util/clock.js';
import type { MeterFor, RunTurnFn } from './agent-port.js';
import { compressIfNeeded } from './compress.js';
import type { PlanItem } from './compression-plan.js';
import type { ConversationLog } from './conversation-log.js';
import { sessionMessages } from './messages.js';
import type { PicturePort } from './picture-port.js';
import type { EnqueueInput, SessionEvent, TurnOutcome } from './types.js';
import { ensureToolPairs } from './valid-history.js';

/** Settings read at the start of every turn (so a config reload applies to the next turn). */
export interface TurnSettings {
  maxRounds: number;
  /** `agent.max_repeat_calls`, `agent.max_stale_rounds` (runaway detection). */
  maxRepeatCalls?: number;
  maxStaleRounds?: number;
  temperature?: number;
  maxTokens?: number;
  /** Longest model reply of one round (`agent.max_reply_chars`). */
  maxReplyChars?: number;
  /** Estimated tokens of system prompt + history before compression (sized to the model's window). */
  contextTokenBudget: number;
  keepRecentMessages: number;
  /** What each request carries (`llm.profile`, resolved): src/providers/model-profile.ts. */
  profile: ModelProfile;
}

export interface TurnDeps {
  sessionId: string;
  log: ConversationLog;
  messages: MessageRepo;
  provider: ChatProvider;
  /** Asked at every turn; `signal` is the turn's (a wait for tools ends when the turn is stopped). */
  tools: (signal: AbortSignal) => AnyTool[] | Promise<AnyTool[]>;
  prompts: PromptSource;
  settings: () => TurnSettings;
  lang: Lang;
  clock: Clock;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  runTurn: RunTurnFn;
  emit: (event: SessionEvent) => void;
  /** The app's approval broker; a task's turn is never attended (nobody to ask). */
  askPerson?: AskPerson;
  /** Memories related to the new message (docs/memory-and-tasks.md, "Recall"); none when absent. */
  recall?: RecallPort;
  /** Counts the turn's model rounds and applies the budgets (absent: not counted). */
  meter?: MeterFor;
  /** Puts the stored pictures into the request (absent: attachments are left out). */
  pictures?: PicturePort;
  /** Shows the model the pictures tools return (absent: only the results' notes). */
  toolPictures?: ToolPicturePort;
}

/** What the session needs of automatic recall: a block for the request and what it holds. */
export type RecallPort = (
  message: string,
  signal: AbortSignal,
  /** Whose turn it is: a chat's session recalls that chat's memories only. */
  sessionId: string,
) => Promise<{ block: string; memories: RecalledNote[] } | undefined>;

export interface RecalledNote {
  id: number;
  topic: string;
  summary: string;
  similarity?: number;
  /** The outside text it came with (src/memory/untrusted.ts); absent: none. */
  untrusted?: string[];
}

function toItem(row: StoredMessage): PlanItem {
  return { id: row.id, kind: row.kind, message: toChatMessage(row), attachments: row.attachments };
}

/** Scheduled tasks run with nobody watching: their asks are denied as `unattended`. */
function attendedBy(ask: AskPerson, input: EnqueueInput): AskPerson {
  const attended = input.attended ?? input.source !== 'task';
  return (request, signal, options) =>
    ask(request, signal, { attended: attended && options?.attended !== false });
}

const summaryOf = (items: PlanItem[]) =>
  items.find((item) => item.kind === 'summary')?.message.content ?? undefined;

/**
 * The history with the recalled block put before the new user message, in the request only: the
 * stored message stays as the person wrote it, and the prefix before it stays cacheable. Recall
 * that fails or takes too long costs the turn nothing.
 */
async function withRecall(
  deps: TurnDeps,
  history: ChatMessage[],
  content: string,
  turnId: string,
  signal: AbortSignal,
): Promise<ChatMessage[]> {
  const last = history.at(-1);
  if (!deps.recall || last?.role !== 'user') return history;
  try {
    const recalled = await deps.recall(content, signal, deps.sessionId);
    if (!recalled) return history;
    deps.emit({ type: 'recalled', session: deps.sessionId, turnId, memories: recalled.memories });
    return [...history.slice(0, -1), { ...last, content: `${recalled.block}\n\n${last.content ?? ''}` }];
  } catch (error) {
    deps.logger.warn({ err: error, session: deps.sessionId, turnId }, 'memory recall failed');
    return history;
  }
}

export async function runSessionTurn(
  deps: TurnDeps,
  turnId: string,
  input: EnqueueInput,
  signal: AbortSignal,
): Promise<TurnOutcome> {
  const { log, sessionId } = deps;
  const t = sessionMessages(deps.lang);
  let persisted = 0;
  // Tool names by call id, for the tool messages stored: every call this turn answers was made this turn.
  const names = new Map<string, string>();

  // Reasoning streamed since the last assistant message: kept in the transcript even when the
  // preset does not send it back to the model (the provider decides what goes on the wire).
  let reasoning = '';
  const store = (message: ChatMessage, untrusted?: string) => {
    let row = message;
    if (message.role === 'assistant') {
      for (const c of message.tool_calls ?? []) names.set(c.id, c.function.name);
      if (reasoning && !message.reasoning_content) row = { ...message, reasoning_content: reasoning };
      reasoning = '';
    }
    const toolName = message.role === 'tool' ? names.get(message.tool_call_id) : undefined;
    try {
      log.append(row, { turnId, ...(toolName ? { toolName } : {}), ...(untrusted ? { untrusted } : {}) });
    } catch (error) {
      deps.logger.error({ err: error, session: sessionId, turnId }, 'could not store a message');
    }
    persisted++;
  };

  const onAgentEvent = (event: AgentEvent) => {
    // The session emits its own turn_start and the one terminal event.
    if (event.type === 'turn_start' || event.type === 'turn_end' || event.type === 'error') return;
    if (event.type === 'message') store(event.message, event.untrusted);
    else if (event.type === 'reasoning_delta') reasoning += event.text;
    deps.emit({ ...event, session: sessionId });
  };

  let result: TurnResult;
  try {
    await log.ensureActive(input.content);
    const live = log.live();
    const before = live.map(toItem);
    // What the history the model is sent already holds (a summary carries its rows' kinds).
    const untrusted = unionNames(...live.map((row) => row.untrusted));
    const userRow = log.append({ role: 'user', content: input.content }, { turnId }, input.attachments);
    const settings = deps.settings();
    const tools = await deps.tools(signal);
    const extras = {
      summary: summaryOf(before),
      instructions: input.instructions,
      profile: settings.profile,
      ...(settings.profile === 'compact' ? { onDemandTools: onDemandTools(tools, deps.lang) } : {}),
    };
    const systemBefore = await deps.prompts.systemPrompt(extras);
    const meter = deps.meter?.({ sessionId, turnId, input });
    const compressed = await compressIfNeeded(
      {
        provider: deps.provider,
        messages: deps.messages,
        lang: deps.lang,
        logger: deps.logger,
        budget: settings.contextTokenBudget,
        keepRecent: settings.keepRecentMessages,
        ...(meter ? { meter } : {}),
        notify: (message) => onAgentEvent({ type: 'notice', turnId, message }),
      },
      {
        conversationId: log.current?.id as string,
        items: before,
        systemPrompt: systemBefore,
        turnId,
        createdAt: log.now(),
        signal,
      },
    );
    const items = compressed ? log.live().map(toItem) : [...before, toItem(userRow)];
    const system = compressed
      ? await deps.prompts.systemPrompt({ ...extras, summary: summaryOf(items) })
      : systemBefore;
    const transcript = items.filter((item) => item.kind === 'message');
    const withPictures = deps.pictures
      ? await deps.pictures(
          transcript.map((item) => ({ message: item.message, attachments: item.attachments ?? null })),
          {
            sessionId,
            lang: deps.lang,
            signal,
            notify: (message) => deps.emit({ type: 'notice', session: sessionId, turnId, message }),
          },
        )
      : transcript.map((item) => item.message);
    const history = ensureToolPairs(withPictures, (call) => t.missingToolResult(call.function.name));
    const request = await withRecall(deps, history, input.content, turnId, signal);
    result = await deps.runTurn({
      turnId,
      sessionId,
      lang: deps.lang,
      provider: deps.provider,
      tools,
      profile: settings.profile,
      messages: [{ role: 'system', content: system }, ...request],
      maxRounds: settings.maxRounds,
      runaway: {
        ...(settings.maxRepeatCalls !== undefined ? { maxRepeatCalls: settings.maxRepeatCalls } : {}),
        ...(settings.maxStaleRounds !== undefined ? { maxStaleRounds: settings.maxStaleRounds } : {}),
      },
      ...(settings.temperature !== undefined ? { temperature: settings.temperature } : {}),
      ...(settings.maxTokens !== undefined ? { maxTokens: settings.maxTokens } : {}),
      ...(settings.maxReplyChars !== undefined ? { maxReplyChars: settings.maxReplyChars } : {}),
      signal,
      emit: onAgentEvent,
      ...(deps.askPerson ? { askPerson: attendedBy(deps.askPerson, input) } : {}),
      now: () => deps.clock.now(),
      ...(meter ? { meter } : {}),
      ...(deps.toolPictures ? { toolPictures: deps.toolPictures } : {}),
      ...(untrusted.length > 0 ? { untrusted } : {}),
    });
  } catch (error) {
    deps.logger.error({ err: error, session: sessionId, turnId }, 'turn failed');
    result = signal.aborted
      ? { status: 'error', code: 'aborted', message: describeError(signal.reason ?? error), messages: [] }
      : { status: 'error', code: 'internal', message: t.internal(describeError(error)), messages: [] };
  }

  // Messages the loop returned but did not emit (they were not stored yet).
  for (const message of result.messages.slice(persisted)) store(message);

  if (result.status === 'complete') {
    deps.emit({
      type: 'turn_end',
      session: sessionId,
      turnId,
      content: result.content,
      usage: result.usage,
      endConversation: result.endConversation,
    });
    if (result.endConversation) {
      log.markEnded();
      deps.emit({ type: 'dialogue_ended', session: sessionId });
    }
    return {
      status: 'complete',
      turnId,
      content: result.content,
      endConversation: result.endConversation,
      usage: result.usage,
    };
  }
  deps.emit({ type: 'error', session: sessionId, turnId, code: result.code, message: result.message });
  return { status: 'error', turnId, code: result.code, message: result.message };
}
