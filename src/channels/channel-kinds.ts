/** Every channel Aibox can run, in the order `aibox channels check` lists them. */
import type { ChannelKind } from './channel-kind.js';
import { dingtalkChannel } from './dingtalk/dingtalk-channel.js';
import { larkChannel } from './lark/lark-channel.js';
import { telegramChannel } from './telegram/telegram-channel.js';
import { wechatChannel } from './wechat/wechat-channel.js';

export const CHANNEL_KINDS: readonly ChannelKind[] = [
  telegramChannel,
  larkChannel,
  dingtalkChannel,
  wechatChannel,
];
