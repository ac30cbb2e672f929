/**
 * /api/channels/wechat/login: the page's QR login of the WeChat channel (wechat-page-login.ts).
 * POST starts one (or shows the one running), GET answers its state (with `?after=<version>`
 * held up to 25 s until it changes: the page's long poll), POST `/code` passes the
 * number the phone shows, DELETE cancels. Behind the API's token and Host checks: a login lets a
 * WeChat account reach the box, so only the box's owner may start one.
 */
import { Hono } from 'hono';
import type { AppServices } from '../../app/services.js';
import { wechatMessages } from '../../channels/wechat/wechat-messages.js';
import { createPageLogin } from '../../channels/wechat/wechat-page-login.js';
import { apiError } from './errors.js';
import type { ApiMessages } from './messages.js';
import { readJson } from './read-json.js';

/** How long a GET with `after` is held before it answers the unchanged state. */
const HOLD_MS = 25_000;

export function createWeChatLoginRoutes(services: AppServices, t: ApiMessages): Hono {
  const app = new Hono();
  const login = createPageLogin({
    config: () => services.config,
    home: services.paths.home,
    logger: services.logger.child({ module: 'channels', channel: 'wechat' }),
  });
  const w = () => wechatMessages(services.lang);

  app.get('/', async (c) => {
    const after = Number(c.req.query('after'));
    const state = Number.isSafeInteger(after)
      ? await login.changed(after, HOLD_MS, c.req.raw.signal)
      : login.state();
    return c.json(state ?? { status: 'idle', version: 0 });
  });
  app.post('/', (c) => {
    services.logger.info({ module: 'channels' }, 'WeChat QR login started from the page');
    return c.json(login.start(), 202);
  });
  app.post('/code', async (c) => {
    const body = (await readJson(c.req.raw, t)) as { code?: unknown } | null;
    const code = body?.code;
    if (typeof code !== 'string' || !/^\s*\d{1,12}\s*$/.test(code))
      throw apiError('invalid_request', w().badCode);
    if (!login.answerCode(code.trim())) throw apiError('invalid_request', w().noCodeAsked);
    return c.json(login.state());
  });
  app.delete('/', (c) => {
    login.cancel();
    return c.json(login.state() ?? { status: 'idle', version: 0 });
  });
  return app;
}
