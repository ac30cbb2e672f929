/**
 * Starts every configured channel (each SDK imported by its kind, only when that channel is
 * configured) and bridges it to the sessions. A channel that fails to start is logged and
 * skipped: it never stops the server or the other channels.
 */
import type { AppServices } from '../app/services.js';
import { createAllowedSenders } from '../chats/allowed-senders.js';
import type { Logger } from '../log/logger.js';
import type { CommandRegistry } from '../slash-commands/registry.js';
import { type ChatBridge, createChatBridge } from './bridge/chat-bridge.js';
import { postTaskResults } from './bridge/task-notices.js';
import { outboxStorePath } from './channel-config.js';
import type { TransportTuning } from './channel-kind.js';
import { CHANNEL_KINDS } from './channel-kinds.js';
import { createOutboxStore, type OutboxStore } from './outbox/outbox-store.js';
import type { ChannelTransport } from './types.js';

export interface RunningChannels {
  /** Bridges by channel name, e.g. `telegram` (for notices posted to a chat). */
  readonly bridges: ReadonlyMap<string, ChatBridge>;
  close(): Promise<void>;
}

export interface StartChannelsOptions {
  env?: NodeJS.ProcessEnv;
  /** Polling and back-off per channel name, for tests. */
  tuning?: Readonly<Record<string, TransportTuning>>;
}

export async function startChannels(
  app: AppServices,
  commands: CommandRegistry,
  options: StartChannelsOptions = {},
): Promise<RunningChannels> {
  const env = options.env ?? process.env;
  const logger = app.logger.child({ module: 'channels' });
  const transports: ChannelTransport[] = [];
  const bridges = new Map<string, ChatBridge>();
  const allowed = createAllowedSenders({
    config: () => app.config,
    env,
    senders: app.senders,
    channels: CHANNEL_KINDS,
  });
  const outbox = openOutbox(app, logger);

  for (const kind of CHANNEL_KINDS) {
    if (!kind.configured(app.config, env)) continue;
    try {
      const channelLogger = logger.child({ channel: kind.name });
      const transport = await kind.createTransport(
        app.config,
        env,
        channelLogger,
        options.tuning?.[kind.name] ?? {},
        { home: app.paths.home, knownChat: (chatId) => app.senders.knownChat(kind.name, chatId) },
      );
      const bridge = createChatBridge({
        app,
        commands,
        transport,
        allowed,
        senders: app.senders,
        outbox,
        env,
      });
      transport.start(
        (message) => void bridge.handle(message),
        (action) => void bridge.handleAction(action),
        () => bridge.connected(),
      );
      transports.push(transport);
      bridges.set(transport.name, bridge);
      logger.info(`${kind.label} channel started`);
    } catch (error) {
      logger.error({ err: error }, `${kind.label} channel could not start`);
    }
  }

  const stopNotices = postTaskResults({ app, bridges, env, logger });
  return {
    bridges,
    async close() {
      stopNotices();
      for (const bridge of bridges.values()) bridge.close();
      await Promise.allSettled(transports.map((transport) => transport.stop()));
    },
  };
}

/** The outbox of every channel; a file that is not a valid outbox is moved aside and logged. */
function openOutbox(app: AppServices, logger: Logger): OutboxStore {
  const { outbox } = app.config.channels;
  const path = outboxStorePath(app.paths);
  const limits = {
    maxMessages: outbox.max_messages,
    maxBytes: outbox.max_bytes,
    maxAgeMs: outbox.max_age_s * 1000,
  };
  try {
    return createOutboxStore(path, limits);
  } catch (error) {
    logger.error({ err: error }, 'the channel outbox could not be read; starting with an empty one');
    return createOutboxStore(path, limits);
  }
}
