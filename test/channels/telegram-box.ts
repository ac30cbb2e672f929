/** A real Aibox whose Telegram channel polls a fresh fake Bot API (short polls and back-off). */
import { type FakeTelegram, startFakeTelegram } from '../helpers/fake-telegram.js';
import { type Box, startBox } from '../server/harness.js';

export const OWNER = 42;

export async function startTelegramBox(
  config: Record<string, unknown> = {},
): Promise<{ tg: FakeTelegram; box: Box }> {
  const tg = await startFakeTelegram();
  const box = await startBox({
    config: {
      ...config,
      channels: {
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
