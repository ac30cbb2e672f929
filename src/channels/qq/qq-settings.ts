/** The QQ bot's settings with the credentials resolved from config or the environment (import-light). */
import type { Config } from '../../config/schema.js';

export const QQ_APP_ID_ENV = 'AIBOX_QQ_APP_ID';
export const QQ_CLIENT_SECRET_ENV = 'AIBOX_QQ_CLIENT_SECRET';
/** The OpenAPI (and `GET /gateway`) of the production and the sandbox environment. */
const QQ_API_ROOT = 'https://api.sgroup.qq.com';
const QQ_SANDBOX_API_ROOT = 'https://sandbox.api.sgroup.qq.com';
/** Where an access token is exchanged for the AppID and AppSecret. */
const QQ_TOKEN_URL = 'https://bots.qq.com/app/getAppAccessToken';

export interface QqSettings {
  appId: string;
  clientSecret: string;
  /** No trailing slash. */
  apiRoot: string;
  tokenUrl: string;
  allowedIds: string[];
  /** Answers as native Markdown (`msg_type: 2`) instead of text. */
  markdown: boolean;
  /** Approval requests as Markdown with a custom keyboard of callback buttons. */
  keyboard: boolean;
  /** `host:port` of the webhook listener; empty: the WebSocket gateway. */
  webhookListen: string;
  /** Whether the secret came from config.json (else from the environment). */
  secretFromConfig: boolean;
}

export function qqSettings(config: Config, env: NodeJS.ProcessEnv): QqSettings | undefined {
  const section = config.channels.qq;
  const appId = section.app_id || env[QQ_APP_ID_ENV] || '';
  const clientSecret = section.client_secret || env[QQ_CLIENT_SECRET_ENV] || '';
  if (!appId || !clientSecret) return undefined;
  const defaultRoot = section.sandbox ? QQ_SANDBOX_API_ROOT : QQ_API_ROOT;
  return {
    appId,
    clientSecret,
    apiRoot: (section.api_root || defaultRoot).replace(/\/+$/, ''),
    tokenUrl: section.token_url || QQ_TOKEN_URL,
    allowedIds: [...section.allowed_ids],
    markdown: section.markdown,
    keyboard: section.keyboard,
    webhookListen: section.webhook_listen,
    secretFromConfig: section.client_secret !== '',
  };
}
