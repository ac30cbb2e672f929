/**
 * The SDK's `DWClient` (dingtalk-stream 2.1.5) with the seams Aibox needs. The SDK hard-codes
 * `https://api.dingtalk.com` for `connections/open`, so `getEndpoint` is overridden to ask
 * `channels.dingtalk.api_root` (the same request the SDK makes). The rest stays the SDK's:
 * the stream WebSocket, its frames, ping answers, callback dispatch and the ACK.
 *
 * Also fixed here, because they would break a box that runs for days:
 * - `connect` retries with back-off (the SDK retries every second forever) and runs once at
 *   a time: the SDK calls it from both a failed attempt and the socket's close, which would
 *   otherwise open two sockets;
 * - the previous heartbeat timer is cleared before a new socket starts its own;
 * - a frame that is not JSON is logged and skipped (the SDK's `JSON.parse` would throw out
 *   of the socket's event handler and stop the process).
 */
import { DWClient } from 'dingtalk-stream';
import type { Logger } from '../../log/logger.js';
import type { Backoff } from '../../util/backoff.js';
import { sleep } from '../../util/sleep.js';
import { openConnection } from './dingtalk-http.js';
import type { DingTalkSettings } from './dingtalk-settings.js';

/**
 * Fields of the SDK's client that TypeScript calls private but this subclass must set. They
 * are plain fields of 2.1.5's JavaScript; `test/cli/commands/channels-dingtalk.test.ts` fails
 * if an upgrade renames them.
 */
export interface DWClientInternals {
  dw_url?: string;
  heartbeatIntervallId?: NodeJS.Timeout;
  reconnectInterval: number;
}

interface StreamClientOptions {
  settings: DingTalkSettings;
  logger: Logger;
  backoff: Backoff;
  /** Delay before the SDK calls `connect` after a socket closed (the back-off follows). */
  reconnectDelayMs: number;
  /** Aborted when the channel stops. */
  signal: AbortSignal;
}

export class AiboxStreamClient extends DWClient {
  private connecting = false;
  /** Called each time the stream is (re)connected (the core re-posts what waited meanwhile). */
  onConnected: (() => void) | undefined;

  constructor(private readonly options: StreamClientOptions) {
    super({
      clientId: options.settings.clientId,
      clientSecret: options.settings.clientSecret,
      keepAlive: true,
    });
    // Only the topics registered by the channel, not the SDK's default "every event" (`*`).
    this.config.subscriptions = [];
    this.internals.reconnectInterval = options.reconnectDelayMs;
  }

  private get internals(): DWClientInternals {
    return this as unknown as DWClientInternals;
  }

  override async getEndpoint(): Promise<this> {
    const { endpoint, ticket } = await openConnection(
      this.options.settings,
      this.config.subscriptions,
      this.options.signal,
    );
    this.internals.dw_url = `${endpoint}?ticket=${encodeURIComponent(ticket)}`;
    return this;
  }

  /** Connects, retrying with back-off until connected or stopped; a second call meanwhile does nothing. */
  override async connect(): Promise<void> {
    const { signal, backoff, logger } = this.options;
    if (this.connecting || this.connected || signal.aborted) return;
    this.connecting = true;
    try {
      while (!signal.aborted) {
        try {
          clearInterval(this.internals.heartbeatIntervallId);
          await this.getEndpoint();
          await this._connect();
          backoff.reset();
          logger.info('DingTalk stream connected');
          this.onConnected?.();
          return;
        } catch (error) {
          if (signal.aborted) return;
          const delay = backoff.next();
          const rejected =
            error instanceof Error && 'credentialsRejected' in error && error.credentialsRejected;
          logger[rejected ? 'error' : 'warn'](
            { error: error instanceof Error ? error.message : String(error), retryInMs: delay },
            rejected
              ? 'DingTalk rejected the client id or secret'
              : 'DingTalk stream connection failed; retrying',
          );
          await sleep(delay, signal);
        }
      }
    } finally {
      this.connecting = false;
    }
  }

  override onDownStream(data: string): void {
    try {
      super.onDownStream(data);
    } catch (error) {
      this.options.logger.warn(
        { error: error instanceof Error ? error.message : String(error) },
        'malformed DingTalk stream frame ignored',
      );
    }
  }
}
