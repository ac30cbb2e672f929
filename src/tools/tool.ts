/**
 * The built-in tool contract. A tool is a plain object made by a factory that
 * receives its dependencies; the agent validates arguments with `parameters`
 * before `execute` is called, and turns any throw into a failed result.
 */
import type { z } from 'zod';
import type { AskContext } from '../safety/types.js';

/** What a tool is lent for one call (`lang` and `requestApproval`: src/safety/types.ts). */
export interface ToolContext extends AskContext {
  /** Aborted when the turn is cancelled; long-running tools must stop promptly. */
  signal: AbortSignal;
  /** Live output while the tool runs (shown to people as it happens, not to the model). */
  output(stream: 'stdout' | 'stderr', text: string): void;
  sessionId: string;
  turnId: string;
  callId: string;
  /**
   * `mcp`: the result is read by an MCP client's model (src/mcp-server), which runs skills with
   * `run_skill` and reads them with `show_skill`, not `run_command`/`read_skill`. Absent: the box's own model.
   */
  audience?: 'mcp';
  /**
   * The kinds of outside text the model had read when it wrote this call (`ToolResult.untrusted`
   * of the results in its context, earlier turns' included), sorted; absent or empty: none.
   */
  untrustedRead?: readonly string[];
}

export interface ToolResult {
  ok: boolean;
  /** What the model sees (already within the size limit the tool is given). */
  content: string;
  /** Where the complete output was saved when `content` had to be shortened. */
  fullOutputPath?: string;
  /** Set by `save_memory_and_end_conversation`: the session ends after this turn. */
  endConversation?: boolean;
  /** For MCP clients only, sent as the result's `_meta` (the `ask` tool's usage); never shown to a model. */
  meta?: Record<string, unknown>;
  /**
   * Pictures the tool gave back (an MCP tool's image content: bytes from outside, not checked yet):
   * the turn shows them to the model after the round's results (src/agent/tool-pictures.ts).
   */
  pictures?: Uint8Array[];
  /**
   * The result carries text from outside the box, which may hold instructions (docs/memory-and-tasks.md,
   * "Untrusted input"): `web` (a fetched page), `file` (a file's content), `command` (a program's
   * output, skills' included), `mcp:<server>` (an MCP server's answer).
   */
  untrusted?: string;
}

export interface Tool<Args = unknown> {
  name: string;
  /** Model-facing description, in the configured language. */
  description: string;
  parameters: z.ZodType<Args>;
  /**
   * The JSON Schema shown to the model, when the tool came with one (MCP tools); otherwise
   * it is derived from `parameters`. `parameters` still validates the arguments.
   */
  inputJsonSchema?: Record<string, unknown>;
  execute(args: Args, ctx: ToolContext): Promise<ToolResult>;
}

// biome-ignore lint/suspicious/noExplicitAny: a registry holds tools of every argument type
export type AnyTool = Tool<any>;
