/**
 * The box as an OAuth client of one MCP server (the SDK's `OAuthClientProvider`; the SDK does
 * the protocol: protected-resource and authorization-server discovery, dynamic client
 * registration, PKCE with the `resource` parameter, refresh). Registration, tokens and verifier
 * live in the server's OAuth record (oauth-store.ts). The browser step happens only in
 * `aibox mcp login NAME` (`onAuthorize` given, with its loopback redirect URL); a box that needs
 * it while connecting fails with "run aibox mcp login NAME" instead.
 */
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientMetadata } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { OAuthStore } from './oauth-store.js';

/** A box's connection to a server that needs the browser step: `aibox mcp login NAME` does it. */
export class NeedsLoginError extends Error {}

/** Where the browser is sent back to when no login is running (never listened on). */
const UNUSED_REDIRECT = 'http://127.0.0.1/callback';

interface ProviderOptions {
  store: OAuthStore;
  version: string;
  /** The login's loopback redirect URL and what to do with the authorization URL; absent: the box. */
  login?: { redirectUrl: string; state: string; onAuthorize(url: URL): void };
  /** The error a box gets when the server needs a login. */
  needsLogin(): Error;
}

export function mcpOAuthProvider(options: ProviderOptions): OAuthClientProvider {
  const { store, login } = options;
  const redirectUrl = () => login?.redirectUrl ?? store.read().redirectUrl ?? UNUSED_REDIRECT;
  return {
    get redirectUrl() {
      return redirectUrl();
    },
    ...(login ? { state: () => login.state } : {}),
    get clientMetadata(): OAuthClientMetadata {
      return {
        client_name: 'Aibox',
        software_version: options.version,
        redirect_uris: [redirectUrl()],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
      };
    },
    clientInformation() {
      const record = store.read();
      // A login registers anew when its redirect URL is not the one the client was registered with.
      if (login && record.redirectUrl !== login.redirectUrl) return undefined;
      return record.client;
    },
    saveClientInformation(client) {
      store.update((record) => {
        record.client = client;
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
      if (!login) throw options.needsLogin();
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
    invalidateCredentials(scope) {
      store.update((record) => {
        if (scope === 'all' || scope === 'client') {
          delete record.client;
          delete record.redirectUrl;
        }
        if (scope === 'all' || scope === 'tokens') delete record.tokens;
        if (scope === 'all' || scope === 'verifier') delete record.verifier;
      });
    },
  };
}
