/** Personal WeChat (iLink) as a channel kind: runs when enabled; its credential is the QR login, not config. */
import type { ChannelKind } from '../channel-kind.js';
import { wechatSettings } from './wechat-settings.js';

export const wechatChannel: ChannelKind = {
  name: 'wechat',
  label: '微信 WeChat',
  setup: { keys: ['channels.wechat.enabled'], env: [] },
  configured: (config) => config.channels.wechat.enabled,
  allowedIds: (config) => [...config.channels.wechat.allowed_ids],
  async createTransport(config, _env, logger, tuning, context) {
    const { createWeChatTransport } = await import('./wechat-transport.js');
    // Room for a few messages at the size limit the bridge then enforces (and tells the chat).
    const maxPollBytes = 4 * config.server.max_frame_bytes + 65_536;
    return createWeChatTransport({
      settings: wechatSettings(config),
      home: context.home,
      maxPollBytes,
      logger,
      ...tuning,
    });
  },
  async check(input) {
    const { checkWeChat } = await import('./check-wechat.js');
    return checkWeChat(input);
  },
};
