/**
 * `aibox channels check` for QQ: asks for an access token with the AppID and AppSecret, which the
 * platform refuses when either is wrong. The secret is never printed.
 */
import type { ChannelCheck, ChannelCheckInput } from '../channel-kind.js';
import { credentialLines } from '../check-credentials.js';
import { channelCheckMessages } from '../messages.js';
import { createQqToken, QqApiError } from './qq-http.js';
import { QQ_APP_ID_ENV, QQ_CLIENT_SECRET_ENV, qqSettings } from './qq-settings.js';

export async function checkQq(input: ChannelCheckInput): Promise<ChannelCheck> {
  const t = channelCheckMessages(input.lang);
  const settings = qqSettings(input.config, input.env);
  if (!settings)
    return {
      channel: 'qq',
      ok: true,
      lines: [t.notConfigured('QQ', `${QQ_APP_ID_ENV} / ${QQ_CLIENT_SECRET_ENV}`)],
    };
  const lines = credentialLines(
    input,
    settings.secretFromConfig,
    QQ_CLIENT_SECRET_ENV,
    settings.allowedIds.length,
  );
  lines.push(t.qqOptions(settings.markdown, settings.keyboard, settings.webhookListen));
  const scrub = (why: string) => why.replaceAll(settings.clientSecret, '[secret]');
  try {
    await createQqToken(settings, AbortSignal.timeout(input.timeoutMs)).get();
    lines.push(t.qqOk(settings.appId));
    return { channel: 'qq', ok: true, lines };
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    // The platform answers a wrong AppID or secret with an error code (e.g. 100016), often with HTTP 200.
    if (error instanceof QqApiError && (error.status < 500 || error.platformCode !== undefined))
      lines.push(t.qqRejected(scrub(why)));
    else lines.push(t.qqUnreachable(settings.tokenUrl, scrub(why)));
    return { channel: 'qq', ok: false, lines };
  }
}
