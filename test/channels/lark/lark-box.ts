/** A real Aibox whose Feishu/Lark channel holds a long connection to a fresh fake open platform. */
import { type FakeLark, LARK_APP_ID, LARK_APP_SECRET, startFakeLark } from '../../helpers/fake-lark.js';
import { type Box, startBox } from '../../server/harness.js';

export const OWNER = 'ou_owner00000000000000000000000001';
export const OWNER_CHAT = `oc_${OWNER}`;

export interface LarkBoxOptions {
  config?: Record<string, unknown>;
  /** Credentials from the environment instead of config.json. */
  credentialsFromEnv?: boolean;
}

export async function startLarkBox(options: LarkBoxOptions = {}): Promise<{ lark: FakeLark; box: Box }> {
  const lark = await startFakeLark();
  const credentials = { app_id: LARK_APP_ID, app_secret: LARK_APP_SECRET };
  const box = await startBox({
    config: {
      ...options.config,
      channels: {
        stream_interval_ms: 50,
        lark: {
          ...(options.credentialsFromEnv ? {} : credentials),
          domain: lark.domain,
          allowed_ids: [OWNER],
        },
      },
    },
    server: {
      channels: {
        tuning: { lark: { backoffInitialMs: 20, backoffMaxMs: 200 } },
        ...(options.credentialsFromEnv
          ? { env: { AIBOX_LARK_APP_ID: LARK_APP_ID, AIBOX_LARK_APP_SECRET: LARK_APP_SECRET } }
          : {}),
      },
    },
  });
  await lark.waitForConnections(1);
  return { lark, box };
}
