/**
 * The MCP client's contract: what the rest of Aibox sees of the configured MCP servers
 * (their tools for the model, their status for `/mcp`, `/healthz`, the page and the CLI).
 */
import type { McpServerConfig } from '../config/schema.js';
import type { AnyTool } from '../tools/tool.js';

export type McpTransportKind = 'stdio' | 'streamable-http' | 'sse';

/** disabled: `enabled: false`; connecting: first try or a retry running; failed: waiting for the next retry. */
export type McpServerState = 'disabled' | 'connecting' | 'connected' | 'failed' | 'closed';

export interface McpToolProblem {
  /** The server's own tool name. */
  tool: string;
  reason: string;
}

export interface McpServerStatus {
  name: string;
  /** The transport in use, or the one configured (`stdio` / `streamable-http`) before connecting. */
  transport: McpTransportKind;
  state: McpServerState;
  /** Tools offered to the model. */
  tools: number;
  /** Why the server is not connected (last error, with the tail of a stdio server's stderr). */
  error?: string;
  /** Tools left out, each with why (a schema that cannot be checked, a name clash). */
  disabledTools: McpToolProblem[];
  /** Tools whose description changed since a person allowed them (asked again on the next call). */
  changedTools: string[];
  /** When the next connection attempt starts (ISO time), while `failed`. */
  retryAt?: string;
  /** Server name and version it reported. */
  serverInfo?: { name: string; version: string };
  /** What it declares besides tools, for the page to list (`browse`). */
  offers?: McpExtraKind[];
}

export type McpExtraKind = 'resources' | 'prompts';

export interface McpManager {
  /** Starts connecting every enabled server in the background; returns at once. */
  start(): void;
  /** The tools of the connected servers, as `server__tool` (cheap: cached between changes). */
  tools(): AnyTool[];
  status(): McpServerStatus[];
  /**
   * Makes the servers these (`/reload` of `mcp.servers`): a new entry connects (once started), a
   * removed one is closed, a changed one reconnects; the others are left alone.
   */
  reconfigure(servers: Readonly<Record<string, McpServerConfig>>): Promise<void>;
  /** Resolves when every enabled server has connected or failed once (tests, `aibox mcp check`). */
  settled(): Promise<void>;
  /**
   * Awaited before a turn's first model round. After `start()` or `holdNextTurn()` the first call
   * waits until no server is connecting any more, at most `mcp.connect_timeout_s`; every other
   * call resolves at once (a server that is down never delays a turn twice). `signal` (the turn's)
   * ends this caller's wait early.
   */
  ready(signal?: AbortSignal): Promise<void>;
  /** The next `ready()` waits for servers still connecting (`/reload`). */
  holdNextTurn(): void;
  /**
   * The first page of a connected server's resources (with its URI templates) or prompts, as
   * lines of text (what the model's `NAME__mcp_*` list gives), for a person on the page; no
   * safety decision (it reads names only). Undefined: no such server, or it does not offer that.
   */
  browse(name: string, kind: McpExtraKind): Promise<string | undefined>;
  /** Closes every connection and kills stdio servers. */
  close(): Promise<void>;
}
