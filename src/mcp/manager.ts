/**
 * All configured MCP servers: started in the background at app start (a slow or dead server
 * never delays start-up or a turn: its tools are simply absent), their tools offered to the
 * model as `server__tool`, their status for `/mcp`, `/healthz`, the page and `aibox mcp list`.
 */

import { expandPath } from '../config/paths.js';
import type { Config, McpServerConfig } from '../config/schema.js';
import type { Lang } from '../i18n/lang.js';
import type { Logger } from '../log/logger.js';
import { type ResultLimiter, withResultLimit } from '../tools/result-limit.js';
import type { AnyTool } from '../tools/tool.js';
import { unwrappedLaunch, type WrapMcpLaunch } from './launch.js';
import { createMcpTool } from './mcp-tool.js';
import type { McpSampler } from './sampling.js';
import { McpServerConnection, type ReconnectBackoff } from './server-connection.js';
import { openTrustStore } from './trust-store.js';
import type { McpManager } from './types.js';

interface McpManagerOptions {
  /** Read at each use (`mcp.connect_timeout_s`: `/reload` applies). */
  config: Config;
  /** The servers to start with; default `config.mcp.servers`. */
  servers?: Readonly<Record<string, McpServerConfig>>;
  /** Read at every call, so a `/reload` of the safety rules applies at once. */
  safety(): Config['safety'];
  home: string;
  /** `AIBOX_HOME/mcp-trust.json`. */
  trustPath: string;
  lang: Lang;
  logger: Logger;
  limiter: ResultLimiter;
  version: string;
  /** Where the command sandbox wraps stdio servers (default: not wrapped). */
  wrapLaunch?: WrapMcpLaunch;
  /** The workspace dir, offered to servers as a root (src/mcp/roots.ts; absent: no roots). */
  workspace?: string;
  /** Answers servers' sampling requests with the box's model (absent: sampling is not offered). */
  sampler?: McpSampler;
  /** `mcp.elicitation_timeout_s`, read at each form a server asks for (default: the config's at start). */
  elicitationTimeoutS?(): number;
  backoff?: ReconnectBackoff;
}

const DEFAULT_BACKOFF: ReconnectBackoff = { initialMs: 1000, maxMs: 60_000 };

export function createMcpManager(options: McpManagerOptions): McpManager {
  const logger = options.logger.child({ module: 'mcp' });
  const trust = openTrustStore(options.trustPath);
  let cached: AnyTool[] | undefined;
  let started = false;
  const invalidate = () => {
    cached = undefined;
  };
  const connect = (name: string, config: McpServerConfig) =>
    new McpServerConnection({
      name,
      config,
      ...('cwd' in config && config.cwd ? { cwd: expandPath(config.cwd, options.home) } : {}),
      lang: options.lang,
      logger,
      wrapLaunch: options.wrapLaunch ?? unwrappedLaunch,
      backoff: options.backoff ?? DEFAULT_BACKOFF,
      version: options.version,
      ...(options.workspace ? { workspace: options.workspace } : {}),
      ...(options.sampler ? { sampler: options.sampler } : {}),
      elicitationTimeoutS: options.elicitationTimeoutS ?? (() => options.config.mcp.elicitation_timeout_s),
      oauthHome: options.home,
      clientMetadataUrl: () => options.config.mcp.client_metadata_url,
      onChange: invalidate,
    });
  /** Each connection with the config it was made from (a changed entry is a new connection). */
  let entries = Object.entries(options.servers ?? options.config.mcp.servers).map(([name, config]) => ({
    config: JSON.stringify(config),
    connection: connect(name, config),
  }));
  let connections = entries.map((entry) => entry.connection);
  const closeQuietly = (connection: McpServerConnection) =>
    connection.close().catch((error) => logger.warn({ err: error }, 'mcp close failed'));

  function buildTools(): AnyTool[] {
    const tools: AnyTool[] = [];
    for (const connection of connections) {
      if (connection.state !== 'connected') continue;
      for (const entry of connection.tools) {
        const tool = createMcpTool({ entry, connection, trust, safety: options.safety });
        tools.push(withResultLimit(tool, options.limiter));
      }
    }
    return tools;
  }

  let held = false;
  let waiting: Promise<void> | undefined;
  /** Until every connection's running attempt ended, or the timeout. */
  async function waitForConnecting(): Promise<void> {
    const connecting = connections.filter((c) => c.state === 'connecting');
    if (connecting.length === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, options.config.mcp.connect_timeout_s * 1000);
      timer.unref();
    });
    const started = Date.now();
    await Promise.race([Promise.all(connecting.map((c) => c.attemptEnded())), timeout]);
    clearTimeout(timer);
    logger.info(
      {
        waitedMs: Date.now() - started,
        connecting: connections.filter((c) => c.state === 'connecting').map((c) => c.name),
      },
      'turn waited for mcp servers',
    );
  }

  /** `wait`, or less when `signal` aborts first. */
  function untilAborted(wait: Promise<void>, signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const stop = () => resolve();
      signal.addEventListener('abort', stop, { once: true });
      void wait.then(() => {
        signal.removeEventListener('abort', stop);
        resolve();
      });
    });
  }

  return {
    start() {
      started = true;
      held = true;
      for (const connection of connections) connection.start();
    },
    async reconfigure(servers) {
      const next: typeof entries = [];
      const gone: McpServerConnection[] = [];
      const byName = new Map(entries.map((entry) => [entry.connection.name, entry]));
      for (const [name, config] of Object.entries(servers)) {
        const text = JSON.stringify(config);
        const kept = byName.get(name);
        byName.delete(name);
        if (kept && kept.config === text) {
          next.push(kept);
          continue;
        }
        if (kept) gone.push(kept.connection);
        next.push({ config: text, connection: connect(name, config) });
      }
      for (const entry of byName.values()) gone.push(entry.connection);
      const fresh = next.filter((entry) => !entries.includes(entry));
      entries = next;
      connections = next.map((entry) => entry.connection);
      invalidate();
      await Promise.all(gone.map(closeQuietly));
      if (started) for (const entry of fresh) entry.connection.start();
      logger.info(
        { added: fresh.map((e) => e.connection.name), removed: gone.map((c) => c.name) },
        'mcp servers reconfigured',
      );
    },
    ready(signal) {
      if (held) {
        held = false;
        // Turns of several sessions starting together all wait for the same servers.
        waiting = waitForConnecting().finally(() => {
          waiting = undefined;
        });
      }
      if (!waiting) return Promise.resolve();
      return signal ? untilAborted(waiting, signal) : waiting;
    },
    holdNextTurn() {
      held = true;
    },
    tools() {
      cached ??= buildTools();
      return cached;
    },
    status() {
      return connections.map((connection) => {
        const status = connection.status();
        status.changedTools = connection.tools
          .filter((entry) => {
            const approved = trust.get(entry.qualified);
            return approved !== undefined && approved.hash !== entry.hash;
          })
          .map((entry) => entry.name);
        return status;
      });
    },
    async settled() {
      await Promise.all(connections.map((c) => c.firstAttempt));
    },
    async browse(name, kind) {
      return connections.find((connection) => connection.name === name)?.browse(kind);
    },
    async close() {
      await Promise.all(connections.map(closeQuietly));
      invalidate();
    },
  };
}
