/** `aibox channels check` for Feishu/Lark: a tenant token and the bot's info; the secret never appears in what it says. */
import type { ChannelCheck, ChannelCheckInput } from '../channel-kind.js';
import { credentialLines } from '../check-credentials.js';
import { channelCheckMessages } from '../messages.js';
import { LarkApiError } from './lark-api-error.js';
import { createLarkRest } from './lark-rest.js';
import { scrubSecrets } from './lark-sdk-options.js';
import { LARK_APP_ID_ENV, LARK_APP_ID_PATTERN, LARK_APP_SECRET_ENV, larkSettings } from './lark-settings.js';

export async function checkLark(input: ChannelCheckInput): Promise<ChannelCheck> {
  const t = channelCheckMessages(input.lang);
  const settings = larkSettings(input.config, input.env);
  if (!settings)
    return {
      channel: 'lark',
      ok: true,
      lines: [t.notConfigured('飞书/Lark', `${LARK_APP_ID_ENV} + ${LARK_APP_SECRET_ENV}`)],
    };
  const lines = credentialLines(
    input,
    settings.secretFromConfig,
    LARK_APP_SECRET_ENV,
    settings.allowedIds.length,
  );
  if (!LARK_APP_ID_PATTERN.test(settings.appId)) {
    lines.push(t.larkBadAppId);
    return { channel: 'lark', ok: false, lines };
  }
  const rest = createLarkRest({
    appId: settings.appId,
    appSecret: settings.appSecret,
    domain: settings.domain,
    timeoutMs: input.timeoutMs,
  });
  try {
    const info = await rest.call<{ bot?: { app_name?: string; open_id?: string } }>(
      'bot info',
      'GET',
      '/open-apis/bot/v3/info',
    );
    lines.push(t.larkOk(info.bot?.app_name ?? '?', info.bot?.open_id ?? '?'));
    return { channel: 'lark', ok: true, lines };
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error));
    const why = scrubSecrets(failure.message, [settings.appSecret]);
    if (failure instanceof LarkApiError && failure.credentialsRefused) lines.push(t.larkRejected(why));
    else if (failure instanceof LarkApiError) lines.push(t.larkApiError(why));
    else lines.push(t.larkUnreachable(settings.domain, why));
    return { channel: 'lark', ok: false, lines };
  }
}
