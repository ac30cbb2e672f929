/**
 * `aibox mcp login NAME`: the browser step of OAuth for an HTTP MCP server. A loopback server on
 * 127.0.0.1 receives the redirect (checked against the `state` sent); the authorization URL is
 * printed and opened with `$BROWSER` or `xdg-open` when there is one. The SDK does discovery,
 * registration, PKCE and the token exchange; the record lands in `AIBOX_HOME/mcp-oauth/NAME.json`
 * (0600), which the box's connection then uses and refreshes.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { delimiter, join } from 'node:path';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { CliContext } from '../../config/context.js';
import { AppError } from '../../errors.js';
import { serverOAuth } from '../../mcp/oauth-provider.js';
import { joinScopes } from '../../mcp/oauth-scope.js';
import { type OAuthStore, oauthStore } from '../../mcp/oauth-store.js';
import { isStdioConfig } from '../../mcp/open-transport.js';
import { loadAuthSdk, loadClientSdk, loadStreamableHttpSdk } from '../../mcp/sdk.js';
import { cleanText } from '../../util/untrusted-text.js';
import { VERSION } from '../../version.js';
import { mcpCliMessages } from './messages.js';

const LOGIN_TIMEOUT_MS = 5 * 60_000;

/** `$BROWSER`, else `xdg-open` from PATH; nothing when neither is there (the URL is printed anyway). */
function openBrowser(url: string, env: NodeJS.ProcessEnv): void {
  const onPath = (env.PATH ?? '').split(delimiter).some((dir) => existsSync(join(dir, 'xdg-open')));
  const command = env.BROWSER || (onPath ? 'xdg-open' : '');
  if (!command) return;
  try {
    const child = spawn(command, [url], { detached: true, stdio: 'ignore', env });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // The printed URL is the way in.
  }
}

/** The loopback redirect target: resolves with the code of the redirect that carries `state`. */
async function loopback(state: string, page: string, signal: AbortSignal) {
  let settle!: { resolve(code: string): void; reject(error: Error): void };
  const code = new Promise<string>((resolve, reject) => {
    settle = { resolve, reject };
  });
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/callback' || url.searchParams.get('state') !== state) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(page);
    const error = url.searchParams.get('error');
    const given = url.searchParams.get('code');
    if (given) settle.resolve(given);
    else
      settle.reject(
        new Error(
          cleanText(`${error ?? '?'} ${url.searchParams.get('error_description') ?? ''}`).slice(0, 300),
        ),
      );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  signal.addEventListener('abort', () => settle.reject(signal.reason as Error), { once: true });
  return { redirectUrl: `http://127.0.0.1:${port}/callback`, code, close: () => server.close() };
}

export async function loginMcpServer(ctx: CliContext, name: string, env: NodeJS.ProcessEnv): Promise<string> {
  const m = mcpCliMessages(ctx.lang);
  const config = ctx.loaded.config.mcp.servers[name];
  if (!config) throw new AppError('bad_argument', m.missing(name));
  if (isStdioConfig(config)) throw new AppError('bad_argument', m.loginNotHttp(name));
  if (Object.keys(config.headers ?? {}).some((header) => header.toLowerCase() === 'authorization'))
    throw new AppError('bad_argument', m.loginByHand(name));
  const state = randomBytes(16).toString('hex');
  const timeout = AbortSignal.timeout(LOGIN_TIMEOUT_MS);
  const callback = await loopback(state, m.loginPage, timeout);
  const store = oauthStore(ctx.paths.home, name);
  /** The scope the authorization URL asks for (what the login gives, once it succeeds). */
  let asked: string | undefined;
  const { provider, fetch } = await serverOAuth(config, {
    store,
    home: ctx.paths.home,
    version: VERSION,
    lang: ctx.lang,
    clientMetadataUrl: ctx.loaded.config.mcp.client_metadata_url,
    login: {
      redirectUrl: callback.redirectUrl,
      state,
      onAuthorize(url) {
        asked = url.searchParams.get('scope') ?? undefined;
        process.stderr.write(`${m.loginOpen(url.href)}\n`);
        openBrowser(url.href, env);
      },
    },
    needsLogin: () => new Error('unreachable'),
  });
  const granted = (scope: string | undefined) =>
    store.update((record) => {
      const given = joinScopes(scope);
      if (given) record.grantedScope = given;
      delete record.wantedScope;
    });
  const waitForCode = () =>
    callback.code.catch((error: Error) => {
      throw new AppError('bad_argument', timeout.aborted ? m.loginTimeout : m.loginRefused(error.message));
    });
  const [{ Client }, { StreamableHTTPClientTransport }, { UnauthorizedError }] = await Promise.all([
    loadClientSdk(),
    loadStreamableHttpSdk(),
    loadAuthSdk(),
  ]);
  const connect = async () => {
    const transport = new StreamableHTTPClientTransport(new URL(config.url), {
      requestInit: { headers: config.headers },
      authProvider: provider,
      fetch,
    });
    const client = new Client({ name: 'aibox', version: VERSION });
    try {
      await client.connect(transport);
      await client.close();
      return undefined;
    } catch (error) {
      if (error instanceof UnauthorizedError) return transport;
      throw error;
    }
  };
  try {
    const { wantedScope, grantedScope } = store.read();
    // A server that asked for more scope once connected (a step-up): authorize with it now; the
    // connection alone might not ask (the step-up server lets `initialize` through).
    if (wantedScope) {
      const scope = joinScopes(grantedScope, wantedScope);
      await stepUp(provider, new URL(config.url), scope, fetch, waitForCode, store);
      granted(asked ?? scope);
      return m.loginDone(name, store.path);
    }
    const pending = await connect();
    if (!pending) return m.loginAlready(name);
    await pending.finishAuth(await waitForCode());
    if (await connect()) throw new AppError('bad_argument', m.loginRefused('401'));
    granted(asked);
    return m.loginDone(name, store.path);
  } finally {
    callback.close();
  }
}

/**
 * The authorization with the scope a server asked for, through the SDK's `auth()`: the kept tokens
 * are set aside first (else it would only refresh them, with no more scope) and put back when the
 * login fails.
 */
async function stepUp(
  provider: OAuthClientProvider,
  serverUrl: URL,
  scope: string | undefined,
  fetchFn: typeof fetch,
  waitForCode: () => Promise<string>,
  store: OAuthStore,
): Promise<void> {
  const { auth } = await loadAuthSdk();
  const kept = store.read().tokens;
  store.update((record) => {
    delete record.tokens;
  });
  try {
    const options = { serverUrl, fetchFn, ...(scope ? { scope } : {}) };
    if ((await auth(provider, options)) === 'REDIRECT')
      await auth(provider, { ...options, authorizationCode: await waitForCode() });
  } catch (error) {
    if (kept && !store.read().tokens)
      store.update((record) => {
        record.tokens = kept;
      });
    throw error;
  }
}
