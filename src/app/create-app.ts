/**
 * The composition root: builds every service of a running Aibox from the data
 * directory and config, in dependency order, and tears them down in reverse.
 * `aibox serve`, `aibox ask` and the tests all start here.
 */
import { homedir } from 'node:os';
import type { Logger } from 'pino';
import { resolveCliContext } from '../cli/context.js';
import { createLogger } from '../log/logger.js';
import { createMemoryStore } from '../memory/store.js';
import { createPromptLoader } from '../prompts/prompt-loader.js';
import { createProviderWithSettings } from '../providers/create-provider.js';
import { createScheduler } from '../scheduler/scheduler.js';
import { sessionRunJob } from '../scheduler/session-run-job.js';
import { createSessionManager } from '../session/session-manager.js';
import { openDatabase } from '../store/database.js';
import { createTaskStore } from '../tasks/store.js';
import { type Clock, systemClock } from '../util/clock.js';
import { randomId } from '../util/ids.js';
import { VERSION } from '../version.js';
import { createAppTools } from './app-tools.js';
import { appMessages } from './messages.js';
import { openSkills, secretEnvNames } from './open-skills.js';
import type { AppServices } from './services.js';

export { VERSION } from '../version.js';

export interface CreateAppOptions {
  /** AIBOX_HOME; default from `env`. */
  home?: string;
  configPath?: string;
  lang?: string;
  env?: NodeJS.ProcessEnv;
  logger?: Logger;
  /** Console verbosity of the logger created when `logger` is not given. */
  consoleLevel?: 'silent' | 'error' | 'warn' | 'info' | 'debug';
  clock?: Clock;
  /** false: no scheduler, whatever the config says (`--no-scheduler`, `aibox ask`). */
  scheduler?: boolean;
  /** false: no file watcher on the skills dir (CLI commands). */
  watchSkills?: boolean;
}

export interface App extends AppServices {
  /** Startup notices worth showing once (legacy config keys, key file fallback, DB backup). */
  notices: string[];
  close(): Promise<void>;
}

export async function createApp(options: CreateAppOptions = {}): Promise<App> {
  const env = options.home
    ? { ...(options.env ?? process.env), AIBOX_HOME: options.home }
    : (options.env ?? process.env);
  const { paths, loaded, lang } = resolveCliContext({ config: options.configPath, lang: options.lang }, env);
  const config = loaded.config;
  const t = appMessages(lang);
  const clock = options.clock ?? systemClock;
  const logger =
    options.logger ?? (await createLogger({ paths, config, consoleLevel: options.consoleLevel ?? 'warn' }));
  const notices: string[] = loaded.legacy.map((n) => t.legacyKey(n.key, n.movedTo));

  const closers: (() => Promise<void> | void)[] = [];
  try {
    const db = await openDatabase(paths.database, {
      onBackup: (path) => notices.push(t.databaseBackup(path)),
    });
    closers.push(() => {
      db.close();
    });

    const created = createProviderWithSettings(config.llm, { env, home: env.HOME ?? homedir(), lang });
    notices.push(...created.notices);
    const provider = created.provider;
    const skills = await openSkills({
      paths,
      config,
      lang,
      env,
      logger,
      watch: options.watchSkills !== false,
    });
    closers.push(() => skills.close());

    const memory = createMemoryStore({ db, clock });
    const tasks = createTaskStore({ db, clock, lang });
    const prompts = createPromptLoader({
      dir: paths.prompts,
      lang,
      clock,
      timeZone: config.scheduler.timezone || undefined,
      logger,
    });
    const services: Partial<AppServices> = {};
    const tools = createAppTools({
      config,
      paths,
      lang,
      skills,
      clock,
      secretEnvNames: secretEnvNames(config.llm),
      env,
      memory,
      tasks,
    });
    const sessions = createSessionManager({
      db,
      provider,
      tools,
      prompts,
      config: () => services.config ?? config,
      lang,
      clock,
      ids: randomId,
      logger,
      archiveDir: paths.archive,
    });
    closers.push(() => sessions.close());

    const schedulerEnabled = options.scheduler !== false && config.scheduler.enabled;
    const scheduler = schedulerEnabled
      ? createScheduler({
          store: tasks,
          runJob: sessionRunJob(sessions, { lang }),
          clock,
          lang,
          maxConcurrentRuns: config.scheduler.max_concurrent_runs,
          onError: (error) => logger.error({ err: error }, 'scheduler error'),
        })
      : undefined;
    if (scheduler) closers.push(() => scheduler.stop());

    Object.assign(services, {
      version: VERSION,
      config,
      configPath: loaded.path,
      paths,
      lang,
      logger,
      clock,
      db,
      skills,
      provider,
      sessions,
      memory,
      tasks,
      scheduler,
      startedAt: clock.now(),
    } satisfies AppServices);
    scheduler?.start();

    let closed = false;
    return Object.assign(services as AppServices, {
      notices,
      async close() {
        if (closed) return;
        closed = true;
        await runClosers(closers, logger);
      },
    });
  } catch (error) {
    await runClosers(closers, logger);
    throw error;
  }
}

/** Tears down in reverse order; one failing step does not stop the others. */
async function runClosers(closers: (() => Promise<void> | void)[], logger: Logger): Promise<void> {
  for (const close of closers.reverse()) {
    try {
      await close();
    } catch (error) {
      logger.warn({ err: error }, 'shutdown step failed');
    }
  }
}
