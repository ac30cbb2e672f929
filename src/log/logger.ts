/**
 * The process logger: JSON lines (pino's format, see log-line.ts) into `AIBOX_HOME/ai.log`,
 * rotated by size like the original (`ai.log.1` …; `log.max_size_mb` × `log.files`), plus a
 * compact console stream whose verbosity comes from the CLI (`-v`, `--debug 0-3`). Secrets are
 * redacted by key wherever they appear in a log object; never pass a token in a message.
 *
 * Our own ~100 lines instead of pino: pino with its multistream, redaction and thread-stream
 * (which loads `node:worker_threads`) cost every start ~35 ms of CPU and idle memory, for the
 * four methods Aibox calls. `Logger` is the interface the code depends on; a pino logger
 * satisfies it too.
 */
import type { DataPaths } from '../config/paths.js';
import type { Config } from '../config/schema.js';
import { formatConsoleLine } from './console-format.js';
import type { ConsoleLevel } from './levels.js';
import { fieldsJson, logLine } from './log-line.js';
import { createRotatingFile } from './rotating-file.js';

export { type ConsoleLevel, consoleLevelFromDebug } from './levels.js';

interface LogFn {
  (fields: object, msg?: string): void;
  (msg: string): void;
}

export interface Logger {
  /** The file's level (`log.level`); `/reload` sets it. Shared with every child. */
  level: string;
  debug: LogFn;
  info: LogFn;
  warn: LogFn;
  error: LogFn;
  /** The same sinks; every line also carries `bindings`. */
  child(bindings: Record<string, unknown>): Logger;
}

/** Where lines go: anything with `write(line)` (the rotating file, tests' collectors). */
interface LogSink {
  write(line: string): void;
  flushSync?(): void;
  end?(): void;
}

interface CreateLoggerOptions {
  paths: Pick<DataPaths, 'log'>;
  config: Pick<Config, 'log'>;
  /** Console verbosity; default `warn`. `silent` writes nothing to the console. */
  consoleLevel?: ConsoleLevel;
  /** Where console lines go (default stderr). */
  consoleStream?: NodeJS.WritableStream;
  /** Replaces the rotating file (tests). */
  destination?: LogSink;
}

const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const;
/** pino's numbers; 'silent' (and any unknown name) lets nothing through. */
const levelValue = (name: string) =>
  (LEVELS as Record<string, number | undefined>)[name] ?? Number.POSITIVE_INFINITY;

interface Shared {
  fileLevel: number;
  fileLevelName: string;
  readonly consoleLevel: number;
  readonly file: LogSink;
  readonly console?: NodeJS.WritableStream;
}

const sinksOf = new WeakMap<Logger, LogSink>();

function makeLogger(shared: Shared, prefix: string): Logger {
  const at =
    (level: number): LogFn =>
    (first: object | string, msg?: string) => {
      if (level < shared.fileLevel && level < shared.consoleLevel) return;
      const line =
        typeof first === 'string'
          ? logLine(level, prefix, '', first)
          : first instanceof Error
            ? logLine(level, prefix, fieldsJson({ err: first }), msg ?? first.message)
            : logLine(level, prefix, fieldsJson(first as Record<string, unknown>), msg);
      if (level >= shared.fileLevel) shared.file.write(line);
      if (shared.console && level >= shared.consoleLevel) shared.console.write(formatConsoleLine(line));
    };
  return {
    get level() {
      return shared.fileLevelName;
    },
    set level(name: string) {
      shared.fileLevelName = name;
      shared.fileLevel = levelValue(name);
    },
    debug: at(LEVELS.debug),
    info: at(LEVELS.info),
    warn: at(LEVELS.warn),
    error: at(LEVELS.error),
    child(bindings) {
      const more = fieldsJson(bindings);
      return makeLogger(shared, prefix && more ? `${prefix},${more}` : prefix || more);
    },
  };
}

export async function createLogger(options: CreateLoggerOptions): Promise<Logger> {
  const consoleLevel = options.consoleLevel ?? 'warn';
  const file =
    options.destination ??
    createRotatingFile(options.paths.log, {
      maxBytes: Math.max(1024, Math.round(options.config.log.max_size_mb * 1024 * 1024)),
      files: options.config.log.files,
    });
  const shared: Shared = {
    fileLevel: levelValue(options.config.log.level),
    fileLevelName: options.config.log.level,
    consoleLevel: levelValue(consoleLevel),
    file,
    ...(consoleLevel === 'silent' ? {} : { console: options.consoleStream ?? process.stderr }),
  };
  const logger = makeLogger(shared, '');
  sinksOf.set(logger, file);
  return logger;
}

/** A logger that writes nothing (CLI commands that only need the interface, tests). */
export function silentLogger(): Logger {
  return makeLogger(
    {
      fileLevel: Number.POSITIVE_INFINITY,
      fileLevelName: 'silent',
      consoleLevel: Number.POSITIVE_INFINITY,
      file: { write() {} },
    },
    '',
  );
}

/** Writes out everything buffered and closes the log file (call once, at exit). */
export function closeLogger(logger: Logger): void {
  const file = sinksOf.get(logger);
  try {
    file?.flushSync?.();
    file?.end?.();
  } catch {
    // Closing twice, or a sink that cannot flush synchronously: nothing left to save.
  }
}
