/** Every channel Aibox can run, in the order `aibox channels check` lists them. */
import type { ChannelKind } from './channel-kind.js';
import { dingtalkChannel } from './dingtalk/dingtalk-channel.js';
import { larkChannel } from './lark/lark-channel.js';
import { qqChannel } from './qq/qq-channel.js';
import { telegramChannel } from './telegram/telegram-channel.js';
import { wechatChannel } from './wechat/wechat-channel.js';
import { wecomChannel } from './wecom/wecom-channel.js';

export const CHANNEL_KINDS: readonly ChannelKind[] = [
  telegramChannel,
  larkChannel,
  dingtalkChannel,
  qqChannel,
  wecomChannel,
  wechatChannel,
];
