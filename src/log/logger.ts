/**
 * The process logger: pino into `AIBOX_HOME/ai.log`, rotated by size like the
 * original (`ai.log.1` …; `log.max_size_mb` × `log.files`), plus a compact console stream whose
 * verbosity comes from the CLI (`-v`, `--debug 0-3`). Secrets are redacted by
 * key wherever they appear in a log object; never pass a token in a message.
 */

import { Writable } from 'node:stream';
import pino, { type DestinationStream, type Level, type Logger, type StreamEntry } from 'pino';
import type { DataPaths } from '../config/paths.js';
import type { Config } from '../config/schema.js';
import { formatConsoleLine } from './console-format.js';
import type { ConsoleLevel } from './levels.js';
import { createRotatingFile } from './rotating-file.js';

export { type ConsoleLevel, consoleLevelFromDebug } from './levels.js';

/** Keys whose values never reach a log line (any depth up to two levels of nesting). */
const REDACTED_KEYS = ['token', 'apiKey', 'api_key', 'authorization', 'Authorization', 'password', 'key'];

function redactPaths(): string[] {
  return REDACTED_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`, `*.headers.${k}`, `headers["${k}"]`]);
}

export interface CreateLoggerOptions {
  paths: Pick<DataPaths, 'log'>;
  config: Pick<Config, 'log'>;
  /** Console verbosity; default `warn`. `silent` writes nothing to the console. */
  consoleLevel?: ConsoleLevel;
  /** Where console lines go (default stderr). */
  consoleStream?: NodeJS.WritableStream;
  /** Replaces the rotating file (tests). */
  destination?: DestinationStream;
}

const ORDER: Record<ConsoleLevel, number> = {
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  silent: 100,
};

export async function createLogger(options: CreateLoggerOptions): Promise<Logger> {
  const consoleLevel = options.consoleLevel ?? 'warn';
  const fileLevel = options.config.log.level;
  let file: DestinationStream;
  if (options.destination) {
    file = options.destination;
  } else {
    file = createRotatingFile(options.paths.log, {
      maxBytes: Math.max(1024, Math.round(options.config.log.max_size_mb * 1024 * 1024)),
      files: options.config.log.files,
    });
  }
  const streams: StreamEntry[] = [{ level: fileLevel, stream: file }];
  if (consoleLevel !== 'silent') {
    const out = options.consoleStream ?? process.stderr;
    const console = new Writable({
      write(chunk: Buffer, _enc, done) {
        out.write(formatConsoleLine(chunk.toString('utf8')));
        done();
      },
    });
    streams.push({ level: consoleLevel as Level, stream: console });
  }
  const base = ORDER[fileLevel] <= ORDER[consoleLevel] ? fileLevel : (consoleLevel as Level);
  return pino(
    {
      level: base,
      base: { pid: process.pid },
      redact: { paths: redactPaths(), censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    pino.multistream(streams),
  );
}

/** Writes out everything buffered and closes the log file (call once, at exit). */
export function closeLogger(logger: Logger): void {
  const stream = (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] as
    | { flushSync?: () => void; end?: () => void }
    | undefined;
  try {
    stream?.flushSync?.();
    stream?.end?.();
  } catch {
    // Closing twice, or a stream that cannot flush synchronously: nothing left to save.
  }
}
