/** A real Aibox whose Telegram channel polls a fresh fake Bot API (short polls and back-off). */
import { type FakeTelegram, type SentMessage, startFakeTelegram } from '../../helpers/fake-telegram.js';
import { type Box, startBox } from '../../server/harness.js';

export const OWNER = 42;

export async function startTelegramBox(
  config: Record<string, unknown> = {},
  options: { scheduler?: boolean } = {},
): Promise<{ tg: FakeTelegram; box: Box }> {
  const tg = await startFakeTelegram();
  const box = await startBox({
    ...options,
    config: {
      ...config,
      channels: {
        ...(config.channels as Record<string, unknown> | undefined),
        stream_interval_ms: 50,
        telegram: { token: tg.token, api_root: tg.apiRoot, allowed_ids: [OWNER] },
      },
    },
    server: {
      channels: { tuning: { telegram: { pollTimeoutS: 5, backoffInitialMs: 20, backoffMaxMs: 200 } } },
    },
  });
  return { tg, box };
}

/** Resolves with the message (sent, or edited in while streaming) to `chat` once it contains `text`. */
export async function waitForText(tg: FakeTelegram, chat: number, text: string): Promise<SentMessage> {
  await tg.waitForCall(
    (c) =>
      ['sendMessage', 'editMessageText'].includes(c.method) &&
      String(c.body.chat_id) === String(chat) &&
      String(c.body.text).includes(text),
  );
  return [...tg.messages.values()].find(
    (m) => m.chatId === String(chat) && m.text.includes(text),
  ) as SentMessage;
}
