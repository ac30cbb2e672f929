/** A real Aibox whose WeCom channel is connected to a fresh fake WeCom (short back-off and heartbeat). */
import type { TransportTuning } from '../../../src/channels/channel-kind.js';
import { type FakeWeCom, startFakeWeCom } from '../../helpers/fake-wecom.js';
import { type Box, startBox } from '../../server/harness.js';

export const OWNER = 'owner-zhang';

interface WeComBoxOptions {
  /** More of `channels.wecom`. */
  wecom?: Record<string, unknown>;
  tuning?: TransportTuning;
  scheduler?: boolean;
}

export async function startWeComBox(
  config: Record<string, unknown> = {},
  channels: Record<string, unknown> = {},
  options: WeComBoxOptions = {},
): Promise<{ wc: FakeWeCom; box: Box }> {
  const wc = await startFakeWeCom();
  const box = await startBox({
    config: {
      ...config,
      channels: {
        stream_interval_ms: 50,
        ...channels,
        wecom: {
          bot_id: wc.botId,
          secret: wc.secret,
          ws_url: wc.url,
          allowed_ids: [OWNER],
          ...options.wecom,
        },
      },
    },
    scheduler: options.scheduler,
    server: {
      channels: {
        tuning: {
          wecom: { backoffInitialMs: 20, backoffMaxMs: 200, replacedDelayMs: 50, ...options.tuning },
        },
      },
    },
  });
  await wc.waitFor((e) => e.kind === 'subscribe' && e.ok);
  return { wc, box };
}
