/**
 * The composition root: builds every service of a running Aibox from the data
 * directory and config, in dependency order, and tears them down in reverse.
 * `aibox serve`, `aibox ask` and the tests all start here.
 */
import { homedir } from 'node:os';
import type { ChatChannel } from '../chats/allowed-senders.js';
import { createNotifyTargets } from '../chats/notify-targets.js';
import { createSenderStore, senderStorePath } from '../chats/sender-store.js';
import { resolveCliContext } from '../config/context.js';
import { serviceEnvPath } from '../config/env-file.js';
import type { Config } from '../config/schema.js';
import type { Logger } from '../log/logger.js';
import { createLogger } from '../log/logger.js';
import { createPromptLoader } from '../prompts/prompt-loader.js';
import { createProviderWithSettings } from '../providers/create-provider.js';
import { sandboxNotices } from '../safety/sandbox/sandbox-notices.js';
import { resolveSandbox } from '../safety/sandbox/sandbox-probe.js';
import { createSessionManager } from '../session/session-manager.js';
import { openSkillProvenance } from '../skills/provenance.js';
import { createTaskStore } from '../tasks/store.js';
import { resultLimiterFromConfig } from '../tools/result-limit.js';
import { type Clock, systemClock } from '../util/clock.js';
import { randomId } from '../util/ids.js';
import { VERSION } from '../version.js';
import { removeLeftovers } from './leftovers.js';
import { memoryScopeOf } from './memory-scope.js';
import { appMessages } from './messages.js';
import { openApprovals } from './open-approvals.js';
import { openBoxDatabase } from './open-box-database.js';
import { openBoxMcp } from './open-box-mcp.js';
import { openBoxMedia } from './open-box-media.js';
import { openMemoryServices } from './open-memory-services.js';
import { openSkills, secretEnvNames } from './open-skills.js';
import { runClosers } from './run-closers.js';
import { openScheduledJobs } from './scheduled-jobs.js';
import type { AppServices } from './services.js';
import { switchableProvider } from './switchable-provider.js';
import { appToolLoader } from './tool-loader.js';
import { usageMeter } from './usage-meter.js';
import { withMcpTools } from './with-mcp-tools.js';

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
  /** false: MCP servers are not connected (CLI commands that do not use them). */
  mcp?: boolean;
  /** false: the caller starts connecting them (`app.mcp.start()`), e.g. once the port is open. */
  startMcp?: boolean;
  /** How this aibox is run (`aibox`, `npm run aibox --`), for the commands start-up suggests. */
  command?: string;
  /** This process holds the data dir's box lock (`aibox serve`): no other box can have it open. */
  holdsBoxLock?: boolean;
  /**
   * Told when `memories.db` is about to be migrated (given the config, before the snapshot), then
   * of each batch: `aibox serve` answers `/healthz` meanwhile (server/migrating-listener.ts).
   */
  whileMigrating?: {
    start(config: Config): Promise<void>;
    progress(step: string, done: number, total: number): void;
  };
  /** The channels Aibox can run (`CHANNEL_KINDS`), whose allowed chats a task may post to. */
  channels: readonly ChatChannel[];
  /** MCP reconnection back-off (tests use short ones). */
  mcpBackoff?: { initialMs: number; maxMs: number };
}

export interface App extends AppServices {
  /** Startup notices worth showing once (legacy config keys, key file fallback, DB backup). */
  notices: string[];
  close(): Promise<void>;
}

export async function createApp(options: CreateAppOptions): Promise<App> {
  const env = options.home
    ? { ...(options.env ?? process.env), AIBOX_HOME: options.home }
    : (options.env ?? process.env);
  const { paths, loaded, lang, homeTightened } = await resolveCliContext(
    { config: options.configPath, lang: options.lang },
    env,
  );
  const config = loaded.config;
  const t = appMessages(lang);
  const clock = options.clock ?? systemClock;
  const logger =
    options.logger ?? (await createLogger({ paths, config, consoleLevel: options.consoleLevel ?? 'warn' }));
  const notices: string[] = loaded.legacy.map((n) => t.legacyKey(n.key, n.movedTo));
  if (homeTightened) notices.push(t.homeTightened(paths.home));

  // bwrap's probe is a child process: it runs while the database and the skills load (same CPU,
  // less waiting). Awaited below; the catch only keeps an earlier failure from leaving it unhandled.
  const sandboxProbe = resolveSandbox(config.safety, lang);
  sandboxProbe.catch(() => {});
  const closers: (() => Promise<void> | void)[] = [];
  try {
    const removed = await removeLeftovers({ ...paths, config: loaded.path });
    if (removed.length > 0) logger.info({ removed }, 'removed leftovers of an earlier run');
    const db = await openBoxDatabase({
      paths,
      configPath: loaded.path,
      config,
      lang,
      command: options.command ?? 'aibox',
      holdsBoxLock: options.holdsBoxLock === true,
      ...(options.whileMigrating
        ? {
            whileMigrating: {
              start: () => options.whileMigrating?.start(config) ?? Promise.resolve(),
              progress: options.whileMigrating.progress,
            },
          }
        : {}),
      onNotice: (text, fields) => {
        logger.info(fields, text);
        if (fields.snapshot) notices.push(text);
      },
    });
    closers.push(() => {
      db.close();
    });

    const providerOptions = {
      env,
      home: env.HOME ?? homedir(),
      serviceEnv: serviceEnvPath(paths.home),
      lang,
    };
    const created = createProviderWithSettings(config.llm, providerOptions);
    notices.push(...created.notices);
    // Replaced when a reload changes `llm.*` (app/config-reloader.ts).
    const provider = switchableProvider(created.provider);
    const skillProvenance = openSkillProvenance(paths.home);
    await skillProvenance.ensureFile();
    const skills = await openSkills({
      paths,
      config,
      lang,
      env,
      logger,
      watch: options.watchSkills !== false,
      // Probes wait for bwrap's start-up check (only a probe does: a cached load runs none).
      sandbox: () => sandboxProbe,
      provenance: skillProvenance,
      configPath: loaded.path,
    });
    closers.push(() => skills.close());

    // Probed once per start; safety.sandbox = bwrap refuses to start without it.
    const sandbox = await sandboxProbe;
    const safetyNotices = sandboxNotices(config.safety, sandbox, lang);
    for (const notice of safetyNotices) logger.warn({ sandbox }, notice);
    notices.push(...safetyNotices);

    const senders = createSenderStore(senderStorePath(paths));
    const services: Partial<AppServices> = {};
    const liveConfig = () => services.config ?? config;
    const memoryServices = await openMemoryServices({
      db,
      clock,
      config: liveConfig,
      chat: created.settings,
      model: () => provider.info.model,
      presetPrices: () => created.settings.preset.prices,
      skills,
      home: paths.home,
      env,
      lang,
      logger,
    });
    closers.push(() => memoryServices.close());
    const { usage, recall: memoryRecall, skillMeaning, conversations } = memoryServices;
    const memory = memoryRecall.memory;
    const tasks = createTaskStore({
      db,
      clock,
      lang,
      minIntervalMs: config.scheduler.min_interval_s * 1000,
      notifyTargets: createNotifyTargets({
        config: liveConfig,
        env,
        senders,
        lang,
        channels: options.channels,
      }),
    });
    const memoryScope = memoryScopeOf({ config: liveConfig, tasks });
    const prompts = createPromptLoader({
      dir: paths.prompts,
      lang,
      clock,
      timeZone: config.scheduler.timezone || undefined,
      logger,
    });
    const approvals = openApprovals({ config: liveConfig, configPath: loaded.path, clock, logger });
    const resultLimiter = resultLimiterFromConfig(config, paths, clock);
    const toolLoader = appToolLoader({
      config,
      configPath: loaded.path,
      paths,
      skills,
      secretEnvNames: secretEnvNames(config.llm),
      env,
      sandbox,
      provenance: skillProvenance,
      lang,
      clock,
      memory,
      memorySearch: memoryRecall.search,
      memoryScope,
      conversationSearch: conversations.search,
      memorySave: memoryRecall.save,
      tasks,
      limiter: resultLimiter,
      ...(skillMeaning ? { skillMeaning } : {}),
    });
    const tools = toolLoader.tools;
    const mcp = await openBoxMcp({
      enabled: options.mcp !== false,
      config,
      liveConfig,
      paths,
      sandbox,
      env,
      lang,
      logger,
      limiter: resultLimiter,
      sampler: { provider, usage },
      ...(options.mcpBackoff ? { backoff: options.mcpBackoff } : {}),
    });
    closers.push(() => mcp.close());
    const media = openBoxMedia({
      config: liveConfig,
      paths,
      clock,
      provider: () => provider.info,
      sandbox,
      env,
      logger,
    });
    const sessions = createSessionManager({
      db,
      provider,
      tools: withMcpTools(tools, mcp),
      prompts,
      config: liveConfig,
      lang,
      clock,
      ids: randomId,
      logger,
      archiveDir: paths.archive,
      askPerson: approvals.ask,
      recall: (message, signal, sessionId) => memoryRecall.recall(message, signal, memoryScope(sessionId)),
      meter: usageMeter({
        ledger: usage,
        tasks,
        config: liveConfig,
        model: () => provider.info.model,
        lang,
      }),
      pictures: media.picturePort,
      toolPictures: media.toolPicturePort,
      ...(conversations.indexer ? { onMessageStored: () => conversations.indexer?.wake() } : {}),
    });
    closers.push(() => sessions.close());

    const jobs = await openScheduledJobs({
      enabled: options.scheduler !== false && config.scheduler.enabled,
      db,
      tasks,
      sessions,
      approvals,
      memory,
      provider,
      ledger: usage,
      scopeOf: memoryScope,
      config: liveConfig,
      lang,
      clock,
      logger,
      maxConcurrentRuns: config.scheduler.max_concurrent_runs,
      preCheck: async (task) =>
        (await toolLoader.preCheck()).run(task.when, { lang, approvedBy: task.whenApprovedBy }),
      onChanged: () => memoryRecall.indexer?.wake(),
    });
    closers.push(() => jobs.stop());

    Object.assign(services, {
      ...(skillMeaning ? { skillMeaning } : {}),
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
      memoryRecall,
      ...(conversations.indexer ? { conversationIndexer: conversations.indexer } : {}),
      tasks,
      memoryScope,
      admitPreCheck: async (command, asked) => (await toolLoader.preCheck()).admit(command, { lang: asked }),
      senders,
      builtinTools: tools,
      resultLimiter,
      media,
      mcp,
      approvals,
      ...(jobs.scheduler ? { scheduler: jobs.scheduler } : {}),
      consolidator: jobs.consolidator,
      ...(jobs.dailyConsolidation ? { dailyConsolidation: jobs.dailyConsolidation } : {}),
      usage,
      sandbox,
      startedAt: clock.now(),
      reloadConfig: async () =>
        (await import('./config-reloader.js')).reloadConfigInto(services as AppServices, {
          llmChanged: () =>
            provider.replace(createProviderWithSettings(config.llm, providerOptions).provider),
        }),
    } satisfies AppServices);
    jobs.start();
    // In the background: memories saved while embeddings were off or unreachable get their vectors.
    memoryServices.startBackground();
    // In the background: start-up never waits for an MCP server.
    if (options.startMcp !== false) mcp.start();
    // Also in the background (awaited on close): saved tool results past their retention go.
    const pruned = resultLimiter.pruneSaved().then((report) => {
      if (report.removed > 0) logger.info(report, 'removed old saved tool results');
    });
    closers.push(() => pruned);
    const tidied = media
      .tidy()
      .catch((error: unknown) => logger.warn({ err: error }, 'tidying media failed'));
    closers.push(() => tidied);

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
