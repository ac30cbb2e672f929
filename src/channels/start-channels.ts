/**
 * Starts every configured channel (each SDK imported only here, only when its channel is
 * configured) and bridges it to the sessions. A channel that fails to start is logged and
 * skipped: it never stops the server or the other channels.
 */
import type { AppServices } from '../app/services.js';
import type { CommandRegistry } from '../commands/registry.js';
import { senderStorePath, telegramSettings } from './channel-config.js';
import { type ChatBridge, createChatBridge } from './chat-bridge.js';
import { createSenderStore } from './sender-store.js';
import type { ChannelTransport } from './types.js';

export interface RunningChannels {
  /** Bridges by channel name, e.g. `telegram` (for notices posted to a chat). */
  readonly bridges: ReadonlyMap<string, ChatBridge>;
  close(): Promise<void>;
}

export interface StartChannelsOptions {
  env?: NodeJS.ProcessEnv;
  /** Telegram polling and back-off, for tests. */
  telegram?: { pollTimeoutS?: number; backoffInitialMs?: number; backoffMaxMs?: number };
}

export async function startChannels(
  app: AppServices,
  commands: CommandRegistry,
  options: StartChannelsOptions = {},
): Promise<RunningChannels> {
  const env = options.env ?? process.env;
  const logger = app.logger.child({ module: 'channels' });
  const senders = createSenderStore(senderStorePath(app.paths));
  const transports: ChannelTransport[] = [];
  const bridges = new Map<string, ChatBridge>();

  const telegram = telegramSettings(app.config, env);
  if (telegram) {
    try {
      const { createTelegramTransport } = await import('./telegram/telegram-transport.js');
      const transport = createTelegramTransport({
        token: telegram.token,
        apiRoot: telegram.apiRoot,
        logger: logger.child({ channel: 'telegram' }),
        ...options.telegram,
      });
      const bridge = createChatBridge({
        app,
        commands,
        transport,
        allowedIds: () => telegramSettings(app.config, env)?.allowedIds ?? [],
        senders,
      });
      transport.start(
        (message) => void bridge.handle(message),
        (action) => void bridge.handleAction(action),
      );
      transports.push(transport);
      bridges.set(transport.name, bridge);
      logger.info('Telegram channel started');
    } catch (error) {
      logger.error({ err: error }, 'Telegram channel could not start');
    }
  }

  return {
    bridges,
    async close() {
      await Promise.allSettled(transports.map((transport) => transport.stop()));
    },
  };
}
