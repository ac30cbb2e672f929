/** A real Aibox whose DingTalk channel is connected to a fresh fake DingTalk (short back-off). */
import { type FakeDingTalk, startFakeDingTalk } from '../../helpers/fake-dingtalk.js';
import { type Box, startBox } from '../../server/harness.js';

export const OWNER = 'staff-owner';

interface DingTalkBoxOptions {
  /** More of `channels.dingtalk` (e.g. `card_template_id`). */
  dingtalk?: Record<string, unknown>;
  scheduler?: boolean;
}

export async function startDingTalkBox(
  config: Record<string, unknown> = {},
  channels: Record<string, unknown> = {},
  options: DingTalkBoxOptions = {},
): Promise<{ dt: FakeDingTalk; box: Box }> {
  const dt = await startFakeDingTalk();
  const box = await startBox({
    config: {
      ...config,
      channels: {
        stream_interval_ms: 50,
        ...channels,
        dingtalk: {
          client_id: dt.clientId,
          client_secret: dt.clientSecret,
          api_root: dt.apiRoot,
          allowed_ids: [OWNER],
          ...options.dingtalk,
        },
      },
    },
    scheduler: options.scheduler,
    server: { channels: { tuning: { dingtalk: { backoffInitialMs: 20, backoffMaxMs: 200 } } } },
  });
  await dt.waitFor((e) => e.kind === 'connect');
  return { dt, box };
}
