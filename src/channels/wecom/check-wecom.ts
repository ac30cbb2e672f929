/**
 * `aibox channels check` for WeCom: opens the long connection once and subscribes with the bot
 * id and secret, which WeCom refuses when either is wrong; then closes. WeCom keeps one
 * connection per robot, so a running box is taken offline by this one for a moment (it
 * reconnects by itself). The secret is never printed. The socket (ws, zod) loads only when the bot is set.
 */
import type { ChannelCheck, ChannelCheckInput } from '../channel-kind.js';
import { credentialLines } from '../check-credentials.js';
import { channelCheckMessages } from '../messages.js';
import { WECOM_BOT_ID_ENV, WECOM_SECRET_ENV, wecomSettings } from './wecom-settings.js';

export async function checkWeCom(input: ChannelCheckInput): Promise<ChannelCheck> {
  const t = channelCheckMessages(input.lang);
  const settings = wecomSettings(input.config, input.env);
  if (!settings)
    return {
      channel: 'wecom',
      ok: true,
      lines: [t.notConfigured('企业微信 WeCom', `${WECOM_BOT_ID_ENV} / ${WECOM_SECRET_ENV}`)],
    };
  const lines = credentialLines(
    input,
    settings.secretFromConfig,
    WECOM_SECRET_ENV,
    settings.allowedIds.length,
  );
  const [{ silentLogger }, { createBackoff }, { WeComApiError }, { WeComSocket }] = await Promise.all([
    import('../../log/logger.js'),
    import('../../util/backoff.js'),
    import('./wecom-error.js'),
    import('./wecom-socket.js'),
  ]);
  const socket = new WeComSocket({
    url: settings.wsUrl,
    botId: settings.botId,
    secret: settings.secret,
    logger: silentLogger(),
    backoff: createBackoff(1000, 1000),
    signal: AbortSignal.timeout(input.timeoutMs),
    answerTimeoutMs: input.timeoutMs,
    onCallback: () => undefined,
  });
  try {
    await socket.probe();
    lines.push(t.wecomOk(settings.botId));
    return { channel: 'wecom', ok: true, lines };
  } catch (error) {
    if (error instanceof WeComApiError)
      lines.push(t.wecomRejected(error.message.replace(/^WeCom \S+: /, '')));
    else {
      const why = error instanceof Error ? error.message : String(error);
      lines.push(t.wecomUnreachable(settings.wsUrl, why.replaceAll(settings.secret, '[secret]')));
    }
    return { channel: 'wecom', ok: false, lines };
  }
}
