/**
 * What a client hears while one of the box's tools runs for it: `notifications/progress` when the
 * call carried a `progressToken` (coalesced to a few a second, plus a beat every
 * `HEARTBEAT_MS` so a client that resets its timeout on progress does not give up on a long
 * `ask`), and `notifications/message` log lines at or above the level the client set. Both are
 * sent as belonging to the call, so over Streamable HTTP they travel on the call's own stream.
 */
import type { LoggingLevel, ServerNotification } from '@modelcontextprotocol/sdk/types.js';
import { coalesceProgress } from '../mcp/progress-coalescer.js';

export const HEARTBEAT_MS = 15_000;
/** Longest text of one notification; longer live output is cut (the result still has all of it). */
const MAX_NOTE_CHARS = 1000;
/** Most log lines one call sends; a skill printing thousands of lines must not become thousands of frames. */
export const MAX_LOG_LINES = 100;

const SEVERITY: readonly LoggingLevel[] = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
];

/** The level a client chose with `logging/setLevel` (per connection; unset: everything is sent). */
export interface LogLevelState {
  level?: LoggingLevel;
}

export interface CallReporter {
  /** A line of what is happening: a log line, and a progress step when the client asked for them. */
  say(level: LoggingLevel, text: string): void;
  /** The call ended: the last held progress goes out, nothing after. */
  end(): void;
}

interface ReporterOptions {
  progressToken: string | number | undefined;
  logLevel: LogLevelState;
  send(notification: ServerNotification): Promise<void>;
  heartbeatMs?: number;
}

const cut = (text: string) => (text.length > MAX_NOTE_CHARS ? `${text.slice(0, MAX_NOTE_CHARS)}…` : text);

export function createCallReporter(options: ReporterOptions): CallReporter {
  const { progressToken, logLevel } = options;
  const send = (notification: ServerNotification) => void options.send(notification).catch(() => undefined);
  let step = 0;
  const progress =
    progressToken === undefined
      ? undefined
      : coalesceProgress((message) => {
          step += 1;
          send({ method: 'notifications/progress', params: { progressToken, progress: step, message } });
        });
  const beat =
    progress === undefined
      ? undefined
      : setInterval(() => progress.push('…'), options.heartbeatMs ?? HEARTBEAT_MS).unref();
  let ended = false;
  let logged = 0;
  return {
    say(level, text) {
      if (ended) return;
      const line = cut(text.trimEnd());
      if (line === '') return;
      progress?.push(line);
      const min = logLevel.level ? SEVERITY.indexOf(logLevel.level) : 0;
      if (SEVERITY.indexOf(level) < min || logged > MAX_LOG_LINES) return;
      logged += 1;
      const data = logged > MAX_LOG_LINES ? '…' : line;
      send({ method: 'notifications/message', params: { level, logger: 'aibox', data } });
    },
    end() {
      if (ended) return;
      ended = true;
      clearInterval(beat);
      progress?.end();
    },
  };
}
