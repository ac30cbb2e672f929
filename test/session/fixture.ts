/** A session manager on real SQLite in a temp home, talking to an in-process scripted model. */
import { rmSync } from 'node:fs';
import { z } from 'zod';
import { dataPaths } from '../../src/config/paths.js';
import { type Config, ConfigSchema } from '../../src/config/schema.js';
import type { Lang } from '../../src/i18n/lang.js';
import { silentLogger } from '../../src/log/logger.js';
import { createPromptLoader } from '../../src/prompts/prompt-loader.js';
import type { AskPerson } from '../../src/safety/types.js';
import { createSessionManager } from '../../src/session/session-manager.js';
import type { Session, SessionEvent, SessionManager } from '../../src/session/types.js';
import { type Database, openDatabase } from '../../src/store/database.js';
import type { AnyTool } from '../../src/tools/tool.js';
import type { Clock } from '../../src/util/clock.js';
import { randomId } from '../../src/util/ids.js';
import { runProcess } from '../../src/util/run-process.js';
import { tempHome } from '../helpers/cli.js';
import { createScriptedProvider, type ScriptedProvider } from '../helpers/scripted-provider.js';

/** A real tool: echoes its text back. */
export const echoTool: AnyTool = {
  name: 'echo',
  description: 'Echo the text back',
  parameters: z.strictObject({ text: z.string() }),
  async execute(args: { text: string }) {
    return { ok: true, content: `echo: ${args.text}` };
  },
};

/** A real slow tool: runs `sleep` as a child process until it ends or the turn is aborted. */
export const sleepTool: AnyTool = {
  name: 'sleep',
  description: 'Sleep for a while',
  parameters: z.strictObject({ seconds: z.number() }),
  async execute(args: { seconds: number }, ctx) {
    ctx.output('stdout', 'sleeping\n');
    const result = await runProcess({ command: 'sleep', args: [String(args.seconds)], signal: ctx.signal });
    return { ok: !result.aborted, content: result.aborted ? 'sleep aborted' : 'slept' };
  },
};

/** A tool that ends the conversation, like save_memory_and_end_conversation. */
export const endTool: AnyTool = {
  name: 'end_conversation',
  description: 'End the conversation',
  parameters: z.strictObject({}),
  async execute() {
    return { ok: true, content: 'ended', endConversation: true };
  },
};

export interface Fixture {
  home: string;
  paths: ReturnType<typeof dataPaths>;
  /** The model: script its replies, read its call log. */
  llm: ScriptedProvider;
  db: Database;
  manager: SessionManager;
  /** Closes the manager and database, then opens them again on the same files (same model). */
  reopen(): Promise<void>;
  close(): Promise<void>;
}

export interface FixtureOptions {
  agent?: Partial<Config['agent']>;
  tools?: AnyTool[];
  lang?: Lang;
  clock?: Clock;
  llm?: ScriptedProvider;
  /** Write the default prompt files (default true); without them the prompt is one short line. */
  defaultPrompts?: boolean;
  /** The approval broker's `ask` (default: none, nobody can be asked). */
  askPerson?: AskPerson;
}

export async function createFixture(options: FixtureOptions = {}): Promise<Fixture> {
  const home = tempHome('aibox-session-');
  const paths = dataPaths(home);
  const llm = options.llm ?? createScriptedProvider();
  const lang = options.lang ?? 'en';
  const clock = options.clock ?? { now: () => new Date() };
  const config = ConfigSchema.parse({ agent: options.agent ?? {} });
  const prompts = createPromptLoader({
    dir: paths.prompts,
    lang,
    clock,
    timeZone: 'UTC',
    writeDefaults: options.defaultPrompts !== false,
  });
  const open = async () => {
    const db = await openDatabase(paths.database);
    const manager = createSessionManager({
      db,
      provider: llm,
      tools: options.tools ?? [echoTool, sleepTool, endTool],
      prompts,
      config,
      lang,
      clock,
      ids: randomId,
      logger: silentLogger(),
      archiveDir: paths.archive,
      ...(options.askPerson ? { askPerson: options.askPerson } : {}),
    });
    return { db, manager };
  };
  const fixture: Fixture = {
    home,
    paths,
    llm,
    ...(await open()),
    async reopen() {
      await fixture.manager.close();
      fixture.db.close();
      Object.assign(fixture, await open());
    },
    async close() {
      await fixture.manager.close();
      fixture.db.close();
      rmSync(home, { recursive: true, force: true });
    },
  };
  return fixture;
}

/** Records a session's events; `waitFor` resolves when a matching event has arrived. */
export function record(session: Session) {
  const events: SessionEvent[] = [];
  const waiters: { match: (e: SessionEvent) => boolean; resolve: (e: SessionEvent) => void }[] = [];
  const stop = session.subscribe((event) => {
    events.push(event);
    for (const waiter of [...waiters]) {
      if (waiter.match(event)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(event);
      }
    }
  });
  return {
    events,
    stop,
    waitFor(match: (e: SessionEvent) => boolean): Promise<SessionEvent> {
      const found = events.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
  };
}

/** A promise with its resolver, to hold a scripted model reply until the test says so. */
export function gate() {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

// biome-ignore lint/suspicious/noExplicitAny: request bodies are whatever the provider sent
type Msg = any;

/** Asserts the strict-server rule: every assistant tool call is answered right after it, and no tool message is orphaned. */
export function assertValidHistory(messages: Msg[]): void {
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i];
    if (m.role === 'tool') {
      let j = i - 1;
      while (j >= 0 && messages[j].role === 'tool') j--;
      const owner = messages[j];
      if (owner?.role !== 'assistant' || !owner.tool_calls?.some((c: Msg) => c.id === m.tool_call_id)) {
        throw new Error(`orphan tool message at ${i}: ${m.tool_call_id}`);
      }
    }
    if (m.role === 'assistant' && m.tool_calls?.length) {
      const answered = new Set<string>();
      for (let j = i + 1; j < messages.length && messages[j].role === 'tool'; j++)
        answered.add(messages[j].tool_call_id);
      for (const call of m.tool_calls) {
        if (!answered.has(call.id)) throw new Error(`unanswered tool call ${call.id} at ${i}`);
      }
    }
  }
}
