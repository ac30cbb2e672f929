/** DingTalk's settings with the credentials resolved from config or the environment (import-light). */
import type { Config } from '../../config/schema.js';

export const DINGTALK_CLIENT_ID_ENV = 'AIBOX_DINGTALK_CLIENT_ID';
export const DINGTALK_CLIENT_SECRET_ENV = 'AIBOX_DINGTALK_CLIENT_SECRET';
/** The gateway (`/v1.0/gateway/connections/open`) and the OpenAPI live here. */
const DINGTALK_API_ROOT = 'https://api.dingtalk.com';
/** Where the session webhooks in robot messages point (`/robot/sendBySession`). */
const DINGTALK_WEBHOOK_ROOT = 'https://oapi.dingtalk.com';

export interface DingTalkSettings {
  clientId: string;
  clientSecret: string;
  /** No trailing slash. */
  apiRoot: string;
  /**
   * The only origin a session webhook may have: DingTalk's, or the overridden API root's
   * (a test fake, a proxy). A webhook elsewhere is never posted to.
   */
  webhookOrigin: string;
  allowedIds: string[];
  /** `robotCode` of OpenAPI robot sends and cards: `robot_code`, or the client id. */
  robotCode: string;
  /** Card platform template of approval cards; empty when approvals are one-word replies. */
  cardTemplateId: string;
  /** Whether the secret came from config.json (else from the environment). */
  secretFromConfig: boolean;
}

export function dingtalkSettings(config: Config, env: NodeJS.ProcessEnv): DingTalkSettings | undefined {
  const section = config.channels.dingtalk;
  const clientId = section.client_id || env[DINGTALK_CLIENT_ID_ENV] || '';
  const clientSecret = section.client_secret || env[DINGTALK_CLIENT_SECRET_ENV] || '';
  if (!clientId || !clientSecret) return undefined;
  const apiRoot = (section.api_root || DINGTALK_API_ROOT).replace(/\/+$/, '');
  return {
    clientId,
    clientSecret,
    apiRoot,
    webhookOrigin: new URL(section.api_root ? apiRoot : DINGTALK_WEBHOOK_ROOT).origin,
    allowedIds: [...section.allowed_ids],
    robotCode: section.robot_code || clientId,
    cardTemplateId: section.card_template_id,
    secretFromConfig: section.client_secret !== '',
  };
}
