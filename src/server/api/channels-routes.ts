/**
 * /api/channels: the page's channels panel. Lists each channel with its allowed and paired
 * senders, makes a pairing code (the same store as `aibox channels pair`) and removes a paired
 * sender. Behind the API's token and Host checks like every route: a pairing code lets a chat
 * reach the box's shell, so only the box's owner may make one.
 */
import { Hono } from 'hono';
import type { AppServices } from '../../app/services.js';
import { CHANNEL_KINDS } from '../../channels/channel-kinds.js';
import { wechatLoginState } from '../../channels/wechat/wechat-login-store.js';
import type { ChannelListDto, ChannelLoginDto, PairingCodeDto } from './dto.js';
import { apiError } from './errors.js';
import type { ApiMessages } from './messages.js';
import { createWeChatLoginRoutes } from './wechat-login-routes.js';

export function createChannelsRoutes(services: AppServices, t: ApiMessages): Hono {
  const app = new Hono();
  const { senders } = services;

  app.get('/', (c) => {
    const paired = senders.paired();
    const channels = CHANNEL_KINDS.map((kind) => ({
      name: kind.name,
      label: kind.label,
      configured: kind.configured(services.config, process.env),
      setup: { keys: [...kind.setup.keys], env: [...kind.setup.env] },
      allowedIds: kind.allowedIds(services.config, process.env),
      paired: paired[kind.name] ?? [],
      ...(kind.name === 'wechat' ? { login: loginOf(services.paths.home) } : {}),
    }));
    return c.json<ChannelListDto>({ channels, pairingTtlS: services.config.channels.pairing_ttl_s });
  });

  app.route('/wechat/login', createWeChatLoginRoutes(services, t));

  app.post('/pair', (c) => {
    const ttlMs = services.config.channels.pairing_ttl_s * 1000;
    const code = senders.newCode(ttlMs);
    const expiresAt = new Date(Date.now() + ttlMs).toISOString();
    services.logger.info({ module: 'channels' }, 'pairing code made from the page');
    return c.json<PairingCodeDto>({ code, expiresAt }, 201);
  });

  app.delete('/:channel/senders/:id', (c) => {
    const channel = c.req.param('channel');
    const id = c.req.param('id');
    if (!CHANNEL_KINDS.some((kind) => kind.name === channel))
      throw apiError('not_found', t.noChannel(channel));
    if (!senders.unpair(channel, id)) throw apiError('not_found', t.noSender(channel, id));
    services.logger.info({ module: 'channels', channel, sender: id }, 'paired sender removed from the page');
    return c.json({ removed: id });
  });

  return app;
}

/** The stored QR login of a channel that has one (WeChat), as the page shows it; never its token. */
function loginOf(home: string): ChannelLoginDto {
  const { state, login } = wechatLoginState(home);
  return {
    state,
    ...(login ? { bot: login.botId, loggedInAt: login.loggedInAt } : {}),
    ...(login?.expiredAt ? { expiredAt: login.expiredAt } : {}),
  };
}
