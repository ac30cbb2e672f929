/** A real Aibox whose WeChat channel is logged in (a seeded login file) to a fresh fake iLink (short back-off). */
import { writeWeChatLogin } from '../../../src/channels/wechat/wechat-login-store.js';
import { type FakeWeChat, startFakeWeChat } from '../../helpers/fake-wechat.js';
import { type Box, startBox } from '../../server/harness.js';

export const OWNER = 'owner@im.wechat';

export async function startWeChatBox(
  config: Record<string, unknown> = {},
  channels: Record<string, unknown> = {},
): Promise<{ wx: FakeWeChat; box: Box }> {
  const wx = await startFakeWeChat();
  const box = await startBox({
    config: {
      ...config,
      channels: {
        stream_interval_ms: 50,
        ...channels,
        wechat: { enabled: true, api_root: wx.apiRoot, cdn_root: wx.cdnRoot, allowed_ids: [OWNER] },
      },
    },
    seed: (home) =>
      writeWeChatLogin(home, {
        botToken: wx.token,
        botId: 'bot1@im.bot',
        baseUrl: '',
        userId: OWNER,
        loggedInAt: '2026-01-01T00:00:00.000Z',
        cursor: '',
      }),
    server: {
      channels: {
        tuning: { wechat: { backoffInitialMs: 20, backoffMaxMs: 200, loginCheckMs: 20, typingEveryMs: 50 } },
      },
    },
  });
  await wx.waitForCall((c) => c.name === 'getupdates');
  return { wx, box };
}
