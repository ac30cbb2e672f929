/**
 * The names of the channels Aibox can run, in the order `aibox channels check` lists them: the
 * prefix of a chat's address (`telegram:42`) and of its per-chat session (`telegram-42`).
 * Each channel kind (src/channels/channel-kinds.ts) is typed by one of them.
 */
export const CHANNEL_NAMES = ['telegram', 'lark', 'dingtalk', 'qq', 'wecom', 'wechat'] as const;

export type ChannelName = (typeof CHANNEL_NAMES)[number];
