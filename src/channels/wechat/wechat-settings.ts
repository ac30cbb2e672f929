/** The WeChat channel's settings (import-light): whether it runs, who may talk, where iLink is. */
import type { Config } from '../../config/schema.js';

/** Where the QR login starts and, unless the login names another host, the bot API. */
export const ILINK_API_ROOT = 'https://ilinkai.weixin.qq.com';
/** Where encrypted media is downloaded from when a message names no full URL. */
export const ILINK_CDN_ROOT = 'https://novac2c.cdn.weixin.qq.com/c2c';

export interface WeChatSettings {
  /** No trailing slash: the QR login and, for a login that names none, the bot API. */
  apiRoot: string;
  /** No trailing slash. */
  cdnRoot: string;
  /** Set when `api_root` is overridden (a test fake, a proxy): the login's own host is not used. */
  apiRootFixed: boolean;
  allowedIds: string[];
}

const trim = (url: string) => url.replace(/\/+$/, '');

export function wechatSettings(config: Config): WeChatSettings {
  const section = config.channels.wechat;
  return {
    apiRoot: trim(section.api_root || ILINK_API_ROOT),
    cdnRoot: trim(section.cdn_root || ILINK_CDN_ROOT),
    apiRootFixed: section.api_root !== '',
    allowedIds: [...section.allowed_ids],
  };
}
