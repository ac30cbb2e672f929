/**
 * The page's sign-in link when `server.token` is set (`sign-in-codes.ts`):
 * `POST /sign-in {code}` (open: the code is the credential) answers `{token}` once per code;
 * `POST /api/sign-in-codes` (behind the token, for `aibox open`) answers a new link.
 */
import type { Context, Hono } from 'hono';
import type { AppServices } from '../app/services.js';
import { apiErrorResponse } from './api/errors.js';
import { serverMessages } from './messages.js';
import { type SignInCodes, signInLink } from './sign-in-codes.js';

/** The body is one short code: anything longer is not read as one. */
const MAX_BODY_CHARS = 512;

async function presentedCode(c: Context): Promise<string | undefined> {
  const text = await c.req.text();
  if (text.length > MAX_BODY_CHARS) return undefined;
  try {
    const body = JSON.parse(text) as { code?: unknown };
    return typeof body?.code === 'string' ? body.code : undefined;
  } catch {
    return undefined;
  }
}

export function mountSignIn(http: Hono, app: AppServices, codes: SignInCodes): void {
  http.post('/sign-in', async (c) => {
    c.header('cache-control', 'no-store');
    const token = app.config.server.token;
    const code = await presentedCode(c);
    if (token === '' || code === undefined || !codes.redeem(code)) {
      app.logger.warn({ path: c.req.path }, 'sign-in with a used, expired or unknown code');
      return apiErrorResponse(c, 'unauthorized', serverMessages(app.lang).signInRefused);
    }
    app.logger.info('the page signed in with a one-time link');
    return c.json({ token });
  });
  http.post('/api/sign-in-codes', (c) => {
    c.header('cache-control', 'no-store');
    if (app.config.server.token === '')
      return apiErrorResponse(c, 'no_token_configured', serverMessages(app.lang).signInNotNeeded);
    const { code, expiresAt } = codes.issue();
    const origin = new URL(c.req.url).origin;
    return c.json({ url: signInLink(origin, code), expires_at: expiresAt.toISOString() });
  });
}
