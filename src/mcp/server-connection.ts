/**
 * One configured MCP server over its life: connects in the background, lists its tools
 * (again when it says they changed), reconnects with back-off after a failure or a lost
 * connection, and calls tools with a timeout and cancellation. Never throws from `start`.
 *
 * The back-off grows with every failure in a row, also a connection that is lost soon after it
 * was made (a server that answers `initialize` and `tools/list`, then exits): only a connection
 * that stayed up `backoff.stableMs` starts the next failure at `initialMs` again. A Streamable
 * HTTP session the server ended (404 to a request with its session id) is reconnected at once
 * and the refused call sent again, as the spec asks.
 */
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { z } from 'zod';
import type { McpServerConfig } from '../config/schema.js';
import { AppError, describeError } from '../errors.js';
import type { Lang } from '../i18n/lang.js';
import type { Logger } from '../log/logger.js';
import { backoffDelay } from '../util/backoff.js';
import { cleanName, cleanText } from '../util/untrusted-text.js';
import { offerClientCapabilities } from './client-capabilities.js';
import { formatCallResult } from './format-result.js';
import { checkInputSchema } from './input-schema.js';
import type { WrapMcpLaunch } from './launch.js';
import { type McpMessages, mcpMessages } from './messages.js';
import { NeedsLoginError, serverOAuth } from './oauth-provider.js';
import { coversScopes, joinScopes } from './oauth-scope.js';
import { type OAuthStore, oauthStore } from './oauth-store.js';
import { isStdioConfig, type OpenedClient, openClient } from './open-transport.js';
import { rootsOf } from './roots.js';
import type { McpSampler, SamplingOrigin } from './sampling.js';
import { loadTypesSdk } from './sdk.js';
import { callExtra, type ExtraKind, extraTools } from './server-extras.js';
import { modelToolNames, qualifiedToolName } from './tool-names.js';
import { describeHash } from './trust-store.js';
import type { McpServerState, McpServerStatus, McpToolProblem, McpTransportKind } from './types.js';

/** A server offering more tools than this is cut there (each tool costs context at every turn). */
const MAX_TOOLS_PER_SERVER = 128;
const MIN_CONNECT_TIMEOUT_MS = 30_000;
/** Longest tool description passed to the model. */
const MAX_DESCRIPTION_CHARS = 2000;

export interface McpToolEntry {
  /** The server's own name for it. */
  name: string;
  /** `server__tool`, what the model calls. */
  qualified: string;
  description: string;
  /** Hash of description + input schema, for the trust check. */
  hash: string;
  parameters: z.ZodType;
  json: Record<string, unknown>;
  /** Set for the box's own tool over the server's resources or prompts (server-extras.ts). */
  extra?: ExtraKind;
}

export interface ReconnectBackoff {
  initialMs: number;
  maxMs: number;
  /** A connection up this long counts as good: the next failure waits `initialMs` again (default `maxMs`). */
  stableMs?: number;
}

interface ServerConnectionOptions {
  name: string;
  config: McpServerConfig;
  cwd?: string;
  lang: Lang;
  logger: Logger;
  wrapLaunch: WrapMcpLaunch;
  backoff: ReconnectBackoff;
  version: string;
  /** Offered to the server as a root, with the directories its entry names (absent: no roots). */
  workspace?: string;
  /** Answers the server's sampling requests (absent: sampling is not offered). */
  sampler?: McpSampler;
  /** `mcp.elicitation_timeout_s`, read at each form the server asks for. */
  elicitationTimeoutS(): number;
  /** The data dir, where an HTTP server's OAuth record is kept (absent: no OAuth). */
  oauthHome?: string;
  /** `mcp.client_metadata_url`, read at each connection attempt (absent or empty: none). */
  clientMetadataUrl?(): string;
  /** Called whenever state or tools change. */
  onChange(): void;
}

interface CallOptions {
  signal: AbortSignal;
  /** Who made the call (the person a sampling request during it asks). */
  origin?: SamplingOrigin;
  onProgress?(progress: number, total: number | undefined, message: string | undefined): void;
}

export class McpServerConnection {
  readonly name: string;
  /** The OAuth record of an HTTP server (the scope it wants, for the error a call gets). */
  private oauthRecord: OAuthStore | undefined;
  state: McpServerState;
  tools: McpToolEntry[] = [];
  private problems: McpToolProblem[] = [];
  private error?: string;
  private kind: McpTransportKind;
  private retryAt?: Date;
  private serverInfo?: { name: string; version: string };
  private opened?: OpenedClient;
  private attempt = 0;
  /** When the current connection was made (ms), for the back-off. */
  private connectedAt = 0;
  /** The connection attempt running or last run. */
  private attemptRun: Promise<void> = Promise.resolve();
  /** Aborts the opening in progress (on close). */
  private opening?: AbortController;
  private timer?: NodeJS.Timeout;
  private closing = false;
  /** The tool calls running now, oldest first. */
  private calls: SamplingOrigin[] = [];
  private readonly t: McpMessages;
  private settle!: () => void;
  /** Resolves after the first attempt (or at once for a disabled server). */
  readonly firstAttempt = new Promise<void>((resolve) => {
    this.settle = resolve;
  });

  constructor(private readonly options: ServerConnectionOptions) {
    this.name = options.name;
    this.t = mcpMessages(options.lang);
    this.state = options.config.enabled ? 'connecting' : 'disabled';
    this.kind = isStdioConfig(options.config)
      ? 'stdio'
      : options.config.type === 'sse'
        ? 'sse'
        : 'streamable-http';
  }

  get timeoutMs(): number {
    return this.options.config.timeout_s * 1000;
  }

  /** Starting a server (npx may even download it) gets at least this long, whatever the call timeout. */
  private get connectTimeoutMs(): number {
    return Math.max(this.timeoutMs, MIN_CONNECT_TIMEOUT_MS);
  }

  start(): void {
    if (this.state === 'disabled') this.settle();
    else this.attemptRun = this.connect();
  }

  /** Resolves when the attempt running now has ended (at once when none runs). */
  attemptEnded(): Promise<void> {
    return this.state === 'connecting' ? this.attemptRun : Promise.resolve();
  }

  status(): McpServerStatus {
    return {
      name: this.name,
      transport: this.kind,
      state: this.state,
      tools: this.tools.length,
      ...(this.error ? { error: cleanText(this.error) } : {}),
      disabledTools: this.problems,
      changedTools: [],
      ...(this.retryAt && this.state === 'failed' ? { retryAt: this.retryAt.toISOString() } : {}),
      ...(this.serverInfo ? { serverInfo: this.serverInfo } : {}),
      ...(this.offers().length > 0 ? { offers: this.offers() } : {}),
    };
  }

  /** The kinds of extra tools it has (server-extras.ts), i.e. what it declares and the page can list. */
  private offers(): ExtraKind[] {
    return this.tools.flatMap((entry) => (entry.extra ? [entry.extra] : []));
  }

  /** McpManager.browse: the first page, as the model's list action gives it. */
  async browse(kind: ExtraKind): Promise<string | undefined> {
    const entry = this.tools.find((tool) => tool.extra === kind);
    if (!entry) return undefined;
    const result = await this.call(entry.name, { action: 'list' }, { signal: new AbortController().signal });
    return formatCallResult(result, this.t).content;
  }

  /** OAuth for an HTTP server (its record in the data dir), as `openClient` takes it. */
  private async oauth(): Promise<{ authProvider?: OAuthClientProvider; authFetch?: typeof fetch }> {
    const { config, oauthHome } = this.options;
    if (!oauthHome || isStdioConfig(config)) return {};
    const store = oauthStore(oauthHome, this.name);
    this.oauthRecord = store;
    const { provider, fetch } = await serverOAuth(config, {
      store,
      home: oauthHome,
      version: this.options.version,
      lang: this.options.lang,
      clientMetadataUrl: this.options.clientMetadataUrl?.() ?? '',
      needsLogin: () => new NeedsLoginError(this.loginNeed(store)),
    });
    return { authProvider: provider, authFetch: fetch };
  }

  /** Why a login is needed: the first one, or one with more scope; or why another would not help. */
  private loginNeed(store: OAuthStore): string {
    const { wantedScope, grantedScope } = store.read();
    if (!wantedScope || !grantedScope) return this.t.needsLogin(this.name);
    return coversScopes(grantedScope, wantedScope)
      ? this.t.scopeRefused(this.name, wantedScope)
      : this.t.needsScope(this.name, joinScopes(grantedScope, wantedScope) ?? wantedScope);
  }

  private async connect(): Promise<void> {
    this.state = 'connecting';
    this.options.onChange();
    let opened: OpenedClient | undefined;
    const opening = new AbortController();
    this.opening = opening;
    try {
      opened = await openClient({
        signal: opening.signal,
        config: this.options.config,
        ...(this.options.cwd ? { cwd: this.options.cwd } : {}),
        wrapLaunch: this.options.wrapLaunch,
        timeoutMs: this.connectTimeoutMs,
        version: this.options.version,
        ...(await this.oauth()),
        prepare: (client) =>
          offerClientCapabilities(client, {
            server: this.name,
            lang: this.options.lang,
            sampling: this.options.config.sampling,
            elicitationTimeoutS: this.options.elicitationTimeoutS,
            origin: () => this.calls.at(-1),
            roots: this.options.workspace
              ? rootsOf(this.options.config, this.options.workspace, this.options.cwd)
              : [],
            ...(this.options.sampler ? { sampler: this.options.sampler } : {}),
          }),
      });
      if (this.closing) {
        await opened.client.close();
        return;
      }
      this.opened = opened;
      this.kind = opened.kind;
      const client = opened.client;
      client.onclose = () => this.lost(client);
      const { ToolListChangedNotificationSchema } = await loadTypesSdk();
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
        this.listTools(client).catch((error) =>
          this.options.logger.warn({ err: error, server: this.name }, 'mcp tools/list failed'),
        );
      });
      await this.listTools(client);
      const info = client.getServerVersion();
      this.serverInfo = info
        ? { name: cleanName(String(info.name)), version: cleanName(String(info.version)) }
        : undefined;
      this.state = 'connected';
      this.error = undefined;
      this.connectedAt = Date.now();
      this.options.logger.info(
        { server: this.name, transport: this.kind, tools: this.tools.length },
        'mcp server connected',
      );
      this.options.onChange();
    } catch (error) {
      if (opened && this.opened === opened) this.opened = undefined;
      await opened?.client.close().catch(() => undefined);
      if (!this.closing) this.fail(describeError(error));
    } finally {
      if (this.opening === opening) this.opening = undefined;
      this.settle();
    }
  }

  private lost(client: Client): void {
    if (this.closing || this.opened?.client !== client) return;
    const tail = this.opened.stderrTail();
    this.opened = undefined;
    if (Date.now() - this.connectedAt >= (this.options.backoff.stableMs ?? this.options.backoff.maxMs))
      this.attempt = 0;
    this.fail(this.t.connectionClosed + (tail ? this.t.stderrTail(tail) : ''));
  }

  private fail(message: string): void {
    this.tools = [];
    this.state = 'failed';
    this.error = message;
    const { initialMs, maxMs } = this.options.backoff;
    const delay = backoffDelay(this.attempt, initialMs, maxMs, { jitter: 0 });
    this.attempt += 1;
    this.retryAt = new Date(Date.now() + delay);
    this.options.logger.warn(
      { server: this.name, error: message, retryInMs: delay },
      'mcp server unavailable',
    );
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.attemptRun = this.connect();
    }, delay);
    this.timer.unref();
    this.options.onChange();
  }

  private async listTools(client: Client): Promise<void> {
    const listed: { name: string; description?: string; inputSchema?: unknown }[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : {}, { timeout: this.connectTimeoutMs });
      listed.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor && listed.length <= MAX_TOOLS_PER_SERVER);
    const { tools, problems } = this.checkTools(listed);
    const taken = new Set(tools.map((tool) => tool.qualified));
    for (const extra of extraTools(client.getServerCapabilities(), taken, this.t)) {
      const qualified = qualifiedToolName(this.name, extra.name);
      if (qualified && !taken.has(qualified)) tools.push({ ...extra, qualified, extra: extra.kind });
    }
    this.tools = tools;
    this.problems = problems;
    this.options.onChange();
  }

  private checkTools(listed: { name: string; description?: string; inputSchema?: unknown }[]) {
    const tools: McpToolEntry[] = [];
    const problems: McpToolProblem[] = [];
    const seen = new Set<string>();
    const kept = listed.slice(0, MAX_TOOLS_PER_SERVER);
    const modelNames = modelToolNames(
      this.name,
      kept.map((tool) => String(tool.name)),
    );
    for (const tool of kept) {
      // The server's own text goes to terminals, the page and the model: cleaned of controls and bidi.
      const name = cleanName(String(tool.name));
      const qualified = name === tool.name ? (modelNames.get(name) ?? null) : null;
      if (!qualified) {
        problems.push({ tool: name, reason: this.t.badToolName(name) });
        continue;
      }
      if (seen.has(qualified)) {
        problems.push({ tool: name, reason: this.t.duplicateTool(name) });
        continue;
      }
      seen.add(qualified);
      // Task-based execution (MCP 2025-11-25) is not supported: a tool that requires it would only fail.
      if ((tool as { execution?: { taskSupport?: unknown } }).execution?.taskSupport === 'required') {
        problems.push({ tool: name, reason: this.t.needsTasks });
        continue;
      }
      const schema = checkInputSchema(tool.inputSchema, this.t);
      if (!schema.ok) {
        problems.push({ tool: name, reason: schema.reason });
        continue;
      }
      const description = typeof tool.description === 'string' ? tool.description : '';
      tools.push({
        name,
        qualified,
        description: cleanText(description).slice(0, MAX_DESCRIPTION_CHARS),
        hash: describeHash({ description, inputSchema: tool.inputSchema }),
        parameters: schema.parameters,
        json: schema.json,
      });
    }
    if (listed.length > MAX_TOOLS_PER_SERVER)
      problems.push({ tool: '*', reason: this.t.tooManyTools(MAX_TOOLS_PER_SERVER) });
    return { tools, problems };
  }

  /** Calls a tool; aborting `signal` sends MCP cancellation. Throws on transport errors and timeouts. */
  async call(tool: string, args: unknown, options: CallOptions) {
    const used = this.opened;
    try {
      return await this.callOnce(tool, args, options);
    } catch (error) {
      if (!this.sessionEnded(error)) throw error;
      // The server refused the request unread: a new session (unless another call made one), then the call again.
      if (this.opened === used) {
        this.options.logger.info({ server: this.name }, 'mcp session ended by the server: reconnecting');
        await this.reconnectNow();
      } else await this.attemptEnded();
      return await this.callOnce(tool, args, options);
    }
  }

  /** A Streamable HTTP server answers 404 to a session it no longer has ("session terminated"). */
  private sessionEnded(error: unknown): boolean {
    return (
      this.kind === 'streamable-http' &&
      error instanceof Error &&
      (error as { code?: unknown }).code === 404 &&
      error.message.startsWith('Streamable HTTP error')
    );
  }

  private async reconnectNow(): Promise<void> {
    if (this.closing) return;
    const stale = this.opened;
    this.opened = undefined;
    clearTimeout(this.timer);
    await stale?.client.close().catch(() => undefined);
    if (this.state !== 'connecting') this.attemptRun = this.connect();
    await this.attemptRun;
  }

  private async callOnce(tool: string, args: unknown, options: CallOptions) {
    const client = this.opened?.client;
    if (!client || this.state !== 'connected')
      throw new AppError('mcp_not_connected', this.t.notConnected(this.name));
    const origin = options.origin;
    if (origin) this.calls.push(origin);
    try {
      const extra = this.tools.find((entry) => entry.name === tool && entry.extra)?.extra;
      if (extra)
        return await callExtra(
          client,
          extra,
          args as Parameters<typeof callExtra>[2],
          { signal: AbortSignal.any([options.signal]), timeout: this.timeoutMs },
          this.t,
        );
      return await client.callTool({ name: tool, arguments: args as Record<string, unknown> }, undefined, {
        // A signal of its own per call: the SDK's listener then goes away with it, not with the whole turn.
        signal: AbortSignal.any([options.signal]),
        timeout: this.timeoutMs,
        ...(options.onProgress
          ? { onprogress: (p) => options.onProgress?.(p.progress, p.total, p.message) }
          : {}),
      });
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      // More scope wanted after a refresh that could not give it (the SDK's "403 after trying upscoping").
      if (code === 403 && this.oauthRecord?.read().wantedScope)
        throw new NeedsLoginError(this.loginNeed(this.oauthRecord), { cause: error });
      if (code === -32001)
        throw new AppError('mcp_timeout', this.t.callTimedOut(this.options.config.timeout_s), {
          cause: error,
        });
      throw error;
    } finally {
      if (origin) this.calls.splice(this.calls.lastIndexOf(origin), 1);
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    clearTimeout(this.timer);
    // An opening in progress ends now (its child too), not when the connect timeout runs out.
    this.opening?.abort();
    await this.attemptRun.catch(() => undefined);
    const opened = this.opened;
    this.opened = undefined;
    this.tools = [];
    this.state = 'closed';
    await opened?.client.close();
  }
}
