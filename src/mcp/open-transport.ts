/**
 * Opens a connected SDK `Client` for one configured server: a child process for stdio
 * (started through the sandbox seam, stderr kept for error reports), Streamable HTTP for a
 * URL, and the older SSE transport when Streamable HTTP is refused.
 */
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { McpHttpServerConfig, McpServerConfig } from '../config/schema.js';
import { describeError } from '../errors.js';
import type { WrapMcpLaunch } from './launch.js';
import { NeedsLoginError } from './oauth-provider.js';
import { loadAuthSdk, loadClientSdk, loadSseSdk, loadStdioSdk, loadStreamableHttpSdk } from './sdk.js';
import type { McpTransportKind } from './types.js';

/** The last characters a stdio server wrote to stderr (why it died, usually). */
const STDERR_TAIL_CHARS = 800;

export interface OpenedClient {
  client: Client;
  kind: McpTransportKind;
  /** The tail of the server's stderr so far (stdio only). */
  stderrTail(): string;
}

interface OpenOptions {
  config: McpServerConfig;
  /** Resolved working directory for a stdio server. */
  cwd?: string;
  wrapLaunch: WrapMcpLaunch;
  timeoutMs: number;
  version: string;
  /** Aborts the opening (the box closes meanwhile): the transport is closed, a child ended. */
  signal?: AbortSignal;
  /** Declares capabilities and sets request handlers on the new client, before `initialize`. */
  prepare?(client: Client): Promise<void>;
  /** OAuth for an HTTP server configured without an `Authorization` header (oauth-provider.ts). */
  authProvider?: OAuthClientProvider;
  /** The transport's `fetch` with OAuth (it notes the scope a 403 asks for). */
  authFetch?: typeof fetch;
}

export function isStdioConfig(
  config: McpServerConfig,
): config is Extract<McpServerConfig, { command: string }> {
  return 'command' in config;
}

async function newClient(version: string): Promise<Client> {
  const { Client } = await loadClientSdk();
  return new Client({ name: 'aibox', version }, { capabilities: {} });
}

async function connectWith(transport: Transport, options: OpenOptions): Promise<Client> {
  const client = await newClient(options.version);
  try {
    await options.prepare?.(client);
    await client.connect(transport, {
      timeout: options.timeoutMs,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    return client;
  } catch (error) {
    await client.close().catch(() => undefined);
    await transport.close().catch(() => undefined);
    throw error;
  }
}

async function openStdio(config: Extract<McpServerConfig, { command: string }>, options: OpenOptions) {
  const { StdioClientTransport, getDefaultEnvironment } = await loadStdioSdk();
  // Only the SDK's short list of harmless variables (PATH, HOME …) plus the configured ones:
  // the box's own secrets (model keys, token) never reach a server.
  const launch = options.wrapLaunch({
    command: config.command,
    args: config.args,
    env: { ...getDefaultEnvironment(), ...config.env },
    ...(options.cwd ? { cwd: options.cwd } : {}),
  });
  const transport = new StdioClientTransport({ ...launch, stderr: 'pipe' });
  let tail = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-STDERR_TAIL_CHARS);
  });
  const stderrTail = () => tail.trim();
  try {
    return { client: await connectWith(transport, options), kind: 'stdio' as const, stderrTail };
  } catch (error) {
    const detail = stderrTail();
    throw new Error(detail ? `${describeError(error)} — ${detail}` : describeError(error), { cause: error });
  }
}

async function openHttp(config: McpHttpServerConfig, options: OpenOptions): Promise<OpenedClient> {
  const url = new URL(config.url);
  const requestInit = { headers: config.headers };
  const none = () => '';
  // Headers set by hand (a bearer token) are the server's auth: no OAuth then.
  const byHand = Object.keys(config.headers ?? {}).some((name) => name.toLowerCase() === 'authorization');
  const auth =
    options.authProvider && !byHand
      ? { authProvider: options.authProvider, ...(options.authFetch ? { fetch: options.authFetch } : {}) }
      : {};
  if (config.type !== 'sse') {
    const { StreamableHTTPClientTransport } = await loadStreamableHttpSdk();
    try {
      const client = await connectWith(
        new StreamableHTTPClientTransport(url, { requestInit, ...auth }),
        options,
      );
      return { client, kind: 'streamable-http', stderrTail: none };
    } catch (streamableError) {
      if (options.signal?.aborted || (await isAuthError(streamableError))) throw streamableError;
      // Older servers only speak SSE: try that before giving up, and report both failures.
      try {
        return await openSse(url, requestInit, options, auth);
      } catch (sseError) {
        throw new Error(
          `streamable-http: ${describeError(streamableError)}; sse: ${describeError(sseError)}`,
          {
            cause: streamableError,
          },
        );
      }
    }
  }
  return openSse(url, requestInit, options, auth);
}

/** The server wants OAuth (a login to do, or refused): the older SSE transport is not tried then. */
async function isAuthError(error: unknown): Promise<boolean> {
  if (error instanceof NeedsLoginError) return true;
  const { UnauthorizedError } = await loadAuthSdk();
  return error instanceof UnauthorizedError;
}

async function openSse(
  url: URL,
  requestInit: RequestInit,
  options: OpenOptions,
  auth: { authProvider?: OAuthClientProvider; fetch?: typeof fetch } = {},
): Promise<OpenedClient> {
  const { SSEClientTransport } = await loadSseSdk();
  const client = await connectWith(new SSEClientTransport(url, { requestInit, ...auth }), options);
  return { client, kind: 'sse', stderrTail: () => '' };
}

export function openClient(options: OpenOptions): Promise<OpenedClient> {
  const { config } = options;
  return isStdioConfig(config) ? openStdio(config, options) : openHttp(config, options);
}
