/** WeCom's settings with the credentials resolved from config or the environment (import-light). */
import type { Config } from '../../config/schema.js';

export const WECOM_BOT_ID_ENV = 'AIBOX_WECOM_BOT_ID';
export const WECOM_SECRET_ENV = 'AIBOX_WECOM_SECRET';
/** The intelligent robot's long-connection endpoint (a private deployment shows its own in the admin console). */
export const WECOM_WS_URL = 'wss://openws.work.weixin.qq.com';

export interface WeComSettings {
  botId: string;
  secret: string;
  wsUrl: string;
  allowedIds: string[];
  /** Whether the secret came from config.json (else from the environment). */
  secretFromConfig: boolean;
  /**
   * Whether media may be fetched over plain http: only when the long connection itself is plain
   * `ws://` (a test fake, a private deployment without TLS); WeCom's own media URLs are https.
   */
  plainMediaAllowed: boolean;
}

export function wecomSettings(config: Config, env: NodeJS.ProcessEnv): WeComSettings | undefined {
  const section = config.channels.wecom;
  const botId = section.bot_id || env[WECOM_BOT_ID_ENV] || '';
  const secret = section.secret || env[WECOM_SECRET_ENV] || '';
  if (!botId || !secret) return undefined;
  const wsUrl = section.ws_url || WECOM_WS_URL;
  return {
    botId,
    secret,
    wsUrl,
    allowedIds: [...section.allowed_ids],
    secretFromConfig: section.secret !== '',
    plainMediaAllowed: wsUrl.startsWith('ws://'),
  };
}
