/** Feishu/Lark settings with the app credentials resolved from config or the environment (import-light). */
import type { Config } from '../../config/schema.js';

export const LARK_APP_ID_ENV = 'AIBOX_LARK_APP_ID';
export const LARK_APP_SECRET_ENV = 'AIBOX_LARK_APP_SECRET';

/** The SDK's long connection refuses (silently) any other app id shape. */
export const LARK_APP_ID_PATTERN = /^cli_[0-9a-fA-F]{16}$/;

const DOMAINS: Readonly<Record<string, string>> = {
  feishu: 'https://open.feishu.cn',
  lark: 'https://open.larksuite.com',
};

interface LarkSettings {
  appId: string;
  appSecret: string;
  /** Base URL of the open platform (no trailing slash). */
  domain: string;
  allowedIds: string[];
  /** Whether the secret came from config.json (else from the environment). */
  secretFromConfig: boolean;
}

export function larkSettings(config: Config, env: NodeJS.ProcessEnv): LarkSettings | undefined {
  const section = config.channels.lark;
  const appId = section.app_id || env[LARK_APP_ID_ENV] || '';
  const appSecret = section.app_secret || env[LARK_APP_SECRET_ENV] || '';
  if (!appId || !appSecret) return undefined;
  return {
    appId,
    appSecret,
    domain: (DOMAINS[section.domain] ?? section.domain).replace(/\/+$/, ''),
    allowedIds: [...section.allowed_ids],
    secretFromConfig: section.app_secret !== '',
  };
}
