/**
 * The box as an OAuth client of one MCP server (the SDK's `OAuthClientProvider`; the SDK does
 * the protocol: protected-resource and authorization-server discovery, dynamic client
 * registration, PKCE with the `resource` parameter, refresh, the client-credentials grant and
 * `private_key_jwt`). Registration, tokens and verifier live in the server's OAuth record
 * (oauth-store.ts). A client registered beforehand (oauth-client.ts) is presented instead of
 * registering; else, where the authorization server takes client ID metadata documents and
 * `mcp.client_metadata_url` names one, that URL is the client id (client-metadata.ts; the SDK's
 * `clientMetadataUrl`), else the box registers dynamically. With the client-credentials grant, and
 * with cross-app access (an ID-JAG from the person's identity provider as a JWT bearer grant,
 * oauth-cross-app.ts), no person is needed at all. The browser step
 * happens only in `aibox mcp login NAME` (`login` given, with its loopback redirect URL); a box that
 * needs it fails with "run aibox mcp login NAME" instead, keeping the scope the server asked for
 * (a step-up: more scope after connecting) so that the login asks for it.
 */
import type { OAuthClientProvider, OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import type { McpHttpServerConfig } from '../config/schema.js';
import type { Lang } from '../i18n/lang.js';
import { LOOPBACK_REDIRECT } from './client-metadata.js';
import { type ConfiguredClient, configuredClient } from './oauth-client.js';
import { exchangeForIdJag, JWT_BEARER } from './oauth-cross-app.js';
import { challengedScope, joinScopes } from './oauth-scope.js';
import type { OAuthStore } from './oauth-store.js';
import { loadAuthExtensionsSdk } from './sdk.js';

/** A box's connection to a server that needs the browser step: `aibox mcp login NAME` does it. */
export class NeedsLoginError extends Error {}

type ClientAuth = NonNullable<OAuthClientProvider['addClientAuthentication']>;

interface ProviderOptions {
  store: OAuthStore;
  version: string;
  lang: Lang;
  /** The MCP server's URL: the resource of an ID-JAG when the server publishes no metadata. */
  serverUrl: string;
  /** The entry's pre-registered client (absent: the box registers itself). */
  client?: ConfiguredClient;
  /** `mcp.client_metadata_url`: the client id where the authorization server takes it (empty: none). */
  clientMetadataUrl?: string;
  /** Signs `private_key_jwt` assertions (the SDK's `createPrivateKeyJwtAuth`, given with a private key). */
  clientAuth?: ClientAuth;
  /** The login's loopback redirect URL and what to do with the authorization URL; absent: the box. */
  login?: { redirectUrl: string; state: string; onAuthorize(url: URL): void };
  /** The error a box gets when the server needs a login. */
  needsLogin(): Error;
}

/**
 * The provider for a server's entry, and the `fetch` its transport uses: the pre-registered client
 * it names (its key read now; a key that cannot be read throws), the signer of its assertions.
 */
export async function serverOAuth(
  config: McpHttpServerConfig,
  options: Omit<ProviderOptions, 'client' | 'clientAuth' | 'serverUrl'> & { home: string },
): Promise<{ provider: OAuthClientProvider; fetch: typeof fetch }> {
  const client = configuredClient(config, options.home);
  let clientAuth: ClientAuth | undefined;
  if (client?.privateKey) {
    const { createPrivateKeyJwtAuth } = await loadAuthExtensionsSdk();
    const { pem, alg } = client.privateKey;
    clientAuth = createPrivateKeyJwtAuth({
      issuer: client.clientId,
      subject: client.clientId,
      privateKey: pem,
      alg,
    });
  }
  const provider = mcpOAuthProvider({
    ...options,
    serverUrl: config.url,
    ...(client ? { client } : {}),
    ...(clientAuth ? { clientAuth } : {}),
  });
  return { provider, fetch: scopeWatchingFetch(options.store) };
}

export function mcpOAuthProvider(options: ProviderOptions): OAuthClientProvider {
  const { store, login, client } = options;
  // No person: the client's own credentials, or an ID-JAG from the identity provider.
  const machine = client !== undefined && client.grant !== 'authorization_code';
  /** What the SDK discovered: the authorization server and the resource an ID-JAG is made out to. */
  let discovered: OAuthDiscoveryState | undefined;
  // Presented only by a box that would otherwise register itself: a configured client comes first.
  const metadataUrl = client ? undefined : options.clientMetadataUrl || undefined;
  const redirectUrl = () => login?.redirectUrl ?? store.read().redirectUrl ?? LOOPBACK_REDIRECT;
  const scope = () => joinScopes(client?.scope, store.read().wantedScope);
  const authMethod = client?.privateKey
    ? 'private_key_jwt'
    : client?.clientSecret !== undefined
      ? 'client_secret_basic'
      : 'none';
  const preRegistered = (): OAuthClientInformationMixed | undefined => {
    if (!client) return undefined;
    const kept = store.read().client;
    // The issuer the SDK bound it to, once an authorization server has accepted it.
    const issuer = kept?.client_id === client.clientId ? (kept as { issuer?: string }).issuer : undefined;
    return {
      client_id: client.clientId,
      ...(client.clientSecret !== undefined ? { client_secret: client.clientSecret } : {}),
      ...(issuer ? { issuer } : {}),
    };
  };
  return {
    // The client-credentials grant has no redirect: the SDK then fetches tokens without a person.
    get redirectUrl() {
      return machine ? undefined : redirectUrl();
    },
    ...(login ? { state: () => login.state } : {}),
    ...(metadataUrl ? { clientMetadataUrl: metadataUrl } : {}),
    get clientMetadata(): OAuthClientMetadata {
      const wanted = scope();
      return {
        client_name: 'Aibox',
        software_version: options.version,
        redirect_uris: machine ? [] : [redirectUrl()],
        grant_types: machine ? ['client_credentials'] : ['authorization_code', 'refresh_token'],
        response_types: machine ? [] : ['code'],
        token_endpoint_auth_method: authMethod,
        ...(wanted ? { scope: wanted } : {}),
      };
    },
    clientInformation() {
      if (client) return preRegistered();
      const record = store.read();
      // A login registers anew when its redirect URL is not the one the client was registered with.
      if (login && record.redirectUrl !== login.redirectUrl) return undefined;
      return record.client;
    },
    saveClientInformation(info) {
      store.update((record) => {
        // Of a pre-registered client only what binds it (the issuer): its secret stays in config.json.
        const { client_secret: _, ...bound } = info as OAuthClientInformationMixed & {
          client_secret?: string;
        };
        record.client = client ? (bound as OAuthClientInformationMixed) : info;
        record.redirectUrl = redirectUrl();
      });
    },
    tokens: () => store.read().tokens,
    saveTokens(tokens) {
      store.update((record) => {
        record.tokens = tokens;
      });
    },
    redirectToAuthorization(url) {
      if (!login) {
        // A step-up (or a first login): the scope the server wants is kept for the login to ask.
        const wanted = url.searchParams.get('scope');
        if (wanted)
          store.update((record) => {
            record.wantedScope = joinScopes(record.wantedScope, wanted);
          });
        throw options.needsLogin();
      }
      login.onAuthorize(url);
    },
    saveCodeVerifier(verifier) {
      store.update((record) => {
        record.verifier = verifier;
      });
    },
    codeVerifier() {
      const verifier = store.read().verifier;
      if (!verifier) throw new Error('no PKCE verifier saved');
      return verifier;
    },
    saveDiscoveryState(state) {
      discovered = state;
    },
    ...(machine
      ? {
          async prepareTokenRequest(asked?: string) {
            const wanted = joinScopes(asked, scope());
            const params = new URLSearchParams({ grant_type: 'client_credentials' });
            if (client.idp) {
              const to = {
                // The issuer; else the URL discovery used (the SDK's fallback: the server's origin).
                audience:
                  discovered?.authorizationServerMetadata?.issuer ??
                  String(discovered?.authorizationServerUrl ?? new URL(options.serverUrl).origin),
                resource: discovered?.resourceMetadata?.resource ?? options.serverUrl,
                ...(wanted ? { scope: wanted } : {}),
              };
              params.set('grant_type', JWT_BEARER);
              params.set('assertion', await exchangeForIdJag(client.idp, to, options.lang));
            }
            if (wanted) params.set('scope', wanted);
            return params;
          },
        }
      : {}),
    ...(options.clientAuth ? { addClientAuthentication: options.clientAuth } : {}),
    invalidateCredentials(what) {
      store.update((record) => {
        if (what === 'all' || what === 'client') {
          delete record.client;
          delete record.redirectUrl;
        }
        if (what === 'all' || what === 'tokens') delete record.tokens;
        if (what === 'all' || what === 'verifier') delete record.verifier;
      });
    },
  };
}

/**
 * `fetch` for a server's transport that notes the scope a `403 insufficient_scope` asks for in
 * the record (`wantedScope`), before the SDK asks for it: the client-credentials grant then asks
 * for it at once, a login later.
 */
export function scopeWatchingFetch(store: OAuthStore): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const wanted =
      response.status === 403 ? challengedScope(response.headers.get('www-authenticate')) : undefined;
    if (wanted)
      store.update((record) => {
        record.wantedScope = joinScopes(record.wantedScope, wanted);
      });
    return response;
  };
}
