/** A real Aibox whose QQ channel is connected to a fresh fake QQ bot platform (short back-off). */
import { type FakeQq, startFakeQq } from '../../helpers/fake-qq.js';
import { type Box, startBox } from '../../server/harness.js';

export const OWNER = 'OWNER0PENID0000000000000000000001';

export async function startQqBox(
  config: Record<string, unknown> = {},
  channels: Record<string, unknown> = {},
  qq: Record<string, unknown> = {},
  options: { scheduler?: boolean } = {},
): Promise<{ fake: FakeQq; box: Box }> {
  const fake = await startFakeQq();
  const box = await startBox({
    config: {
      ...config,
      channels: {
        stream_interval_ms: 50,
        thinking_notice_ms: 600_000,
        ...channels,
        qq: {
          app_id: fake.appId,
          client_secret: fake.clientSecret,
          api_root: fake.apiRoot,
          token_url: fake.tokenUrl,
          allowed_ids: [OWNER],
          ...qq,
        },
      },
    },
    scheduler: options.scheduler,
    server: { channels: { tuning: { qq: { backoffInitialMs: 20, backoffMaxMs: 200 } } } },
  });
  // In webhook mode no gateway is opened; the test waits for the listener itself.
  if (!qq.webhook_listen) await fake.waitFor((e) => e.kind === 'ready');
  return { fake, box };
}
