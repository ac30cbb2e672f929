/**
 * Creates sessions on first use and holds at most `server.max_sessions` of them, in
 * least-recently-used order. Each session resumes its last non-archived conversation
 * from SQLite, so dropping an idle one (or a restart) loses nothing.
 */

import type { Database } from 'better-sqlite3';
import type { ToolPicturePort } from '../agent/tool-pictures.js';
import type { Config } from '../config/schema.js';
import { createConversationRepo } from '../conversations/conversation-repo.js';
import { createMessageRepo } from '../conversations/message-repo.js';
import { AppError } from '../errors.js';
import type { Lang } from '../i18n/lang.js';
import type { Logger } from '../log/logger.js';
import type { PromptSource } from '../prompts/prompt-loader.js';
import { historyBudget, resolveProfile } from '../providers/model-profile.js';
import type { ChatProvider } from '../providers/types.js';
import type { AskPerson } from '../safety/types.js';
import type { AnyTool } from '../tools/tool.js';
import type { Clock } from '../util/clock.js';
import type { IdGenerator } from '../util/ids.js';
import type { MeterFor, RunTurnFn } from './agent-port.js';
import { ConversationLog } from './conversation-log.js';
import { sessionMessages } from './messages.js';
import type { PicturePort } from './picture-port.js';
import type { RecallPort, TurnSettings } from './run-session-turn.js';
import { createSession, type ManagedSession } from './session.js';
import type { SessionManager } from './types.js';

interface SessionManagerOptions {
  db: Database;
  provider: ChatProvider;
  /**
   * The tools offered to the model; a function is asked again at every turn (it may load them:
   * the app's tools are built on the first turn, not at start).
   */
  tools: AnyTool[] | ((signal: AbortSignal) => AnyTool[] | Promise<AnyTool[]>);
  prompts: PromptSource;
  /** A function is read again at every turn (config reload). */
  config: Config | (() => Config);
  lang: Lang;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  /** Where `/new` writes the JSON export (`paths.archive`). */
  archiveDir: string;
  /** The approval broker's `ask`; absent: nobody can be asked (tools deny what needs a yes). */
  askPerson?: AskPerson;
  /** Automatic memory recall before each turn; absent: none. */
  recall?: RecallPort;
  /** The usage meter of each turn (the app's ledger); absent: turns are not counted. */
  meter?: MeterFor;
  /** Puts stored pictures into each request (absent: attachments are left out). */
  pictures?: PicturePort;
  /** Shows the model the pictures tools return (absent: only the results' notes). */
  toolPictures?: ToolPicturePort;
  /** After each message is stored (wakes the conversation embedder). */
  onMessageStored?: () => void;
}

function settingsFrom(config: Config): TurnSettings {
  const profile = resolveProfile(config.llm);
  return {
    profile,
    maxRounds: config.agent.max_rounds,
    maxRepeatCalls: config.agent.max_repeat_calls,
    maxStaleRounds: config.agent.max_stale_rounds,
    temperature: config.llm.temperature,
    maxTokens: config.llm.max_tokens,
    maxReplyChars: config.agent.max_reply_chars,
    contextTokenBudget: historyBudget(config, profile),
    keepRecentMessages: config.agent.keep_recent_messages,
  };
}

export function createSessionManager(options: SessionManagerOptions): SessionManager {
  const conversations = createConversationRepo(options.db);
  const messages = createMessageRepo(options.db, options.onMessageStored);
  const sessions = new Map<string, ManagedSession>();
  const { tools } = options;
  const config = () => (typeof options.config === 'function' ? options.config() : options.config);
  const logger = options.logger.child({ module: 'session' });
  let closing: Promise<void> | undefined;

  /** Drops the least recently used session nobody uses; false when every one is in use. */
  const evictOne = (): boolean => {
    for (const [id, session] of sessions) {
      if (session.inUse) continue;
      sessions.delete(id);
      void session.close();
      logger.debug({ session: id }, 'idle session dropped from memory');
      return true;
    }
    return false;
  };

  return {
    get(id) {
      let session = sessions.get(id);
      if (session) {
        sessions.delete(id); // re-inserted below: the Map's order is the LRU order
      } else {
        const max = config().server.max_sessions;
        while (sessions.size >= max) {
          if (!evictOne())
            throw new AppError('too_many_sessions', sessionMessages(options.lang).tooManySessions(max));
        }
        session = createSession({
          id,
          log: new ConversationLog({
            sessionId: id,
            conversations,
            messages,
            archiveDir: options.archiveDir,
            clock: options.clock,
            ids: options.ids,
            logger,
          }),
          messages,
          provider: options.provider,
          tools: typeof tools === 'function' ? tools : () => tools,
          prompts: options.prompts,
          settings: () => settingsFrom(config()),
          maxQueuedTurns: () => config().server.max_queued_turns,
          lang: options.lang,
          clock: options.clock,
          ids: options.ids,
          logger,
          runTurn: loadedRunTurn,
          ...(options.askPerson ? { askPerson: options.askPerson } : {}),
          ...(options.recall ? { recall: options.recall } : {}),
          ...(options.meter ? { meter: options.meter } : {}),
          ...(options.pictures ? { pictures: options.pictures } : {}),
          ...(options.toolPictures ? { toolPictures: options.toolPictures } : {}),
        });
      }
      sessions.set(id, session);
      return session;
    },
    ids: () => [...sessions.keys()],
    close() {
      closing ??= Promise.all([...sessions.values()].map((s) => s.close())).then(() => undefined);
      return closing;
    },
  };
}

/** The agent loop (src/agent/run-turn.ts), imported by the first turn: a box nobody talks to never loads it (nor zod). */
const loadedRunTurn: RunTurnFn = async (input) => (await import('../agent/run-turn.js')).runTurn(input);
