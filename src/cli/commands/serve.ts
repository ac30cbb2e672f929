/**
 * `aibox serve` (also bare `aibox`): createApp + startServer + signal handling.
 * SIGINT/SIGTERM: stop accepting, abort running turns (their state is saved),
 * close the database, flush the log, exit 0.
 */
import { type Command, InvalidArgumentError } from 'commander';
import type { App } from '../../app/create-app.js';
import { CHANNEL_KINDS } from '../../channels/channel-kinds.js';
import { AppError } from '../../errors.js';
import { detectLang, isLang } from '../../i18n/lang.js';
import { type ConsoleLevel, consoleLevelFromDebug } from '../../log/levels.js';
import type { RunningServer } from '../../server/start-server.js';
import { keepRunningWhenOutputCloses } from '../closed-output.js';
import { type GlobalOptions, langFlagOf } from '../context.js';
import { selfCommand } from '../self-command.js';
import { SHUTDOWN_LIMIT_MS } from '../shutdown-limit.js';
import { serveMessages } from './messages.js';

interface ServeOptions {
  host?: string;
  port?: number;
  scheduler: boolean;
  verbose?: boolean;
  debug?: number;
}

export function register(program: Command): void {
  const t = serveMessages(detectLang({ flag: langFlagOf() }));
  program
    .command('serve', { isDefault: true })
    .description(t.description)
    .option('--host <host>', t.hostOption)
    .option('--port <port>', t.portOption, (v: string) => {
      if (!/^\d+$/.test(v) || Number(v) > 65_535) throw new InvalidArgumentError(t.badPort(v));
      return Number(v);
    })
    .option('--no-scheduler', t.noSchedulerOption)
    .option('-v, --verbose', t.verboseOption)
    .option('--debug <level>', t.debugOption, (v: string) => {
      if (!/^[0-3]$/.test(v)) throw new InvalidArgumentError(t.badDebug(v));
      return Number(v);
    })
    .action(async (options: ServeOptions, command: Command) => {
      await runServe(options, command.optsWithGlobals<GlobalOptions>());
    });
}

function consoleLevel(options: ServeOptions): ConsoleLevel {
  if (options.debug !== undefined) return consoleLevelFromDebug(options.debug);
  return options.verbose ? 'debug' : 'warn';
}

async function runServe(options: ServeOptions, globals: GlobalOptions): Promise<void> {
  keepRunningWhenOutputCloses(); // a server outlives whoever reads its banner or console log
  // Loaded here, not at the top: other commands (chat, --help) need none of it.
  const { createApp } = await import('../../app/create-app.js');
  const { startServer } = await import('../../server/start-server.js');
  const { closeLogger } = await import('../../log/logger.js');
  const { acquireBoxLock } = await import('../../store/box-lock.js');
  const { resolveHome } = await import('../../config/paths.js');
  const { VERSION } = await import('../../version.js');
  const { createMigratingListener } = await import('../../server/migrating-listener.js');
  // One box per data dir, held until this process ends (the kernel lets go of it even after kill -9).
  // Before the config is read: the flag and the environment; once it is, its `lang` too.
  let lang = detectLang({ flag: globals.lang });
  const lock = acquireBoxLock(resolveHome(), { version: VERSION }, lang);
  // A migration at start opens the port first: /healthz says how far it is (docs/backups.md).
  const early = createMigratingListener({ host: options.host, port: options.port, lang });
  let app: App;
  try {
    app = await createApp({
      channels: CHANNEL_KINDS,
      ...(globals.config ? { configPath: globals.config } : {}),
      ...(isLang(globals.lang) ? { lang: globals.lang } : {}),
      consoleLevel: consoleLevel(options),
      scheduler: options.scheduler,
      // Started once the port is open: MCP servers starting up never compete with the box's own start.
      startMcp: false,
      command: selfCommand(),
      holdsBoxLock: true,
      whileMigrating: {
        start: (config) => {
          lang = detectLang({ flag: globals.lang, config: config.lang });
          return early.open(config);
        },
        progress: early.progress,
      },
    });
  } catch (error) {
    await early.close();
    lock.release();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
      throw new AppError('port_in_use', serveMessages(lang).portInUse(early.port() ?? 0, selfCommand()));
    throw error;
  }
  if (lock.previous)
    app.logger.info({ previous: lock.previous }, 'took over the lock of a box that did not stop');
  const t = serveMessages(app.lang);
  const host = options.host ?? app.config.server.host;
  const port = options.port ?? app.config.server.port;
  let server: RunningServer;
  const listening = early.takeOver()?.server;
  try {
    server = await startServer(app, { host, port, ...(listening ? { listening } : {}) });
  } catch (error) {
    await app.close();
    closeLogger(app.logger);
    lock.release();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
      throw new AppError('port_in_use', t.portInUse(port, selfCommand()));
    throw error;
  }
  lock.update({ port: Number(new URL(server.url).port), host });
  process.on('exit', () => lock.release());
  printBanner(app, server, t);
  app.mcp.start();
  await waitForSignal(app, server, t, closeLogger);
}

function printBanner(app: App, server: RunningServer, t: ReturnType<typeof serveMessages>): void {
  const out = process.stdout;
  for (const notice of app.notices) out.write(`ℹ️  ${notice}\n`);
  out.write(`${t.listening(server.url)}\n${t.openPage(server.url, `${selfCommand()} chat`)}\n`);
  const signIn = server.signInLink();
  if (signIn) out.write(`${t.tokenHint}\n${t.signIn(signIn, `${selfCommand()} open`)}\n`);
  out.write(`${app.config.server.openai_api ? t.openAiOn(server.url) : t.openAiOff}\n`);
  out.write(`${t.mcpAt(server.url)}\n`);
  // The same test as the server's own start of channels: configured in config.json or the environment.
  const channels = CHANNEL_KINDS.filter((kind) => kind.configured(app.config, process.env));
  out.write(
    `${channels.length > 0 ? t.channelsOn(channels.map((k) => k.label).join(', ')) : t.channelsOff}\n`,
  );
  if (!app.scheduler) out.write(`${t.schedulerOff}\n`);
  out.write(`${t.logFile(app.paths.log)}\n`);
  const info = app.provider.info;
  if (!info.hasKey && info.keyEnv) out.write(`${t.noKey(info.keyEnv)}\n`);
}

function waitForSignal(
  app: App,
  server: RunningServer,
  t: ReturnType<typeof serveMessages>,
  closeLogger: (logger: App['logger']) => void,
): Promise<never> {
  return new Promise<never>(() => {
    let stopping = false;
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      process.stdout.write(`${t.stopping(signal)}\n`);
      app.logger.info({ signal }, 'shutting down');
      setTimeout(() => {
        process.stderr.write(`${t.forced}\n`);
        closeLogger(app.logger);
        process.exit(1);
      }, SHUTDOWN_LIMIT_MS).unref();
      void (async () => {
        await server.close();
        await app.close();
        app.logger.info('stopped');
        closeLogger(app.logger);
        process.stdout.write(`${t.stopped}\n`);
        process.exit(0);
      })();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
