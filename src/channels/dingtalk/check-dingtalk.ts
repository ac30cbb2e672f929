/**
 * `aibox channels check` for DingTalk: asks the OpenAPI for an access token with the client
 * id and secret, which DingTalk refuses when either is wrong. The secret is never printed.
 */
import type { ChannelCheck, ChannelCheckInput } from '../channel-kind.js';
import { credentialLines } from '../check-credentials.js';
import { channelCheckMessages } from '../messages.js';
import { createTokenSource, DingTalkApiError } from './dingtalk-http.js';
import { DINGTALK_CLIENT_ID_ENV, DINGTALK_CLIENT_SECRET_ENV, dingtalkSettings } from './dingtalk-settings.js';

export async function checkDingTalk(input: ChannelCheckInput): Promise<ChannelCheck> {
  const t = channelCheckMessages(input.lang);
  const settings = dingtalkSettings(input.config, input.env);
  if (!settings)
    return {
      channel: 'dingtalk',
      ok: true,
      lines: [t.notConfigured('钉钉 DingTalk', `${DINGTALK_CLIENT_ID_ENV} / ${DINGTALK_CLIENT_SECRET_ENV}`)],
    };
  const lines = credentialLines(
    input,
    settings.secretFromConfig,
    DINGTALK_CLIENT_SECRET_ENV,
    settings.allowedIds.length,
  );
  // No OpenAPI call reads a template back without sending a card, so it is named, not verified.
  lines.push(
    settings.cardTemplateId ? t.dingtalkCardTemplate(settings.cardTemplateId) : t.dingtalkNoCardTemplate,
  );
  try {
    await createTokenSource(settings, AbortSignal.timeout(input.timeoutMs)).get();
    lines.push(t.dingtalkOk(settings.clientId));
    return { channel: 'dingtalk', ok: true, lines };
  } catch (error) {
    if (error instanceof DingTalkApiError && error.credentialsRejected)
      lines.push(t.dingtalkRejected(error.code));
    else {
      // The channels' HTTP client names the network failure (ECONNREFUSED, a DNS failure …) itself.
      const why = error instanceof Error ? error.message : String(error);
      lines.push(t.dingtalkUnreachable(settings.apiRoot, why.replaceAll(settings.clientSecret, '[secret]')));
    }
    return { channel: 'dingtalk', ok: false, lines };
  }
}
