/**
 * One MCP tool as an Aibox tool: the safety decision first (rules, then a person through
 * `ctx.requestApproval`, asked again with what changed when the description or schema changed
 * since it was allowed), then the call, its result as text. Progress is shown live (a few lines a
 * second at most), not to the model.
 */
import type { Config } from '../config/schema.js';
import { describeError, isAppError } from '../errors.js';
import { callRefusal } from '../safety/refusal.js';
import type { AnyTool, ToolContext, ToolResult } from '../tools/tool.js';
import { cleanText } from '../util/untrusted-text.js';
import { decideMcpCall } from './decide.js';
import { formatCallResult } from './format-result.js';
import { mcpMessages } from './messages.js';
import { coalesceProgress } from './progress-coalescer.js';
import type { McpServerConnection, McpToolEntry } from './server-connection.js';
import { describeToolChange } from './tool-change.js';
import type { TrustStore } from './trust-store.js';

interface McpToolDeps {
  entry: McpToolEntry;
  connection: McpServerConnection;
  trust: TrustStore;
  /** Read at every call (config reload). */
  safety(): Config['safety'];
}

/** The command line a person reads when asked: the call with its arguments. */
function describeCall(name: string, args: unknown): string {
  const json = JSON.stringify(args ?? {});
  return `${name} ${json.length > 2000 ? `${json.slice(0, 2000)}…` : json}`;
}

async function permitted(deps: McpToolDeps, args: unknown, ctx: ToolContext): Promise<string | null> {
  const { entry, connection, trust } = deps;
  const t = mcpMessages(ctx.lang);
  const approved = trust.get(entry.qualified);
  const verdict = decideMcpCall({
    safety: deps.safety(),
    server: connection.name,
    qualifiedName: entry.qualified,
    hash: entry.hash,
    ...(approved && approved.hash !== entry.hash ? { change: describeToolChange(approved, entry, t) } : {}),
    t,
  });
  if (verdict.decision === 'deny') return verdict.reason;
  if (verdict.decision === 'ask') {
    if (deps.safety().mode === 'deny') return t.deniedByMode(entry.qualified);
    if (!ctx.requestApproval) return t.nobodyToAsk(entry.qualified);
    const outcome = await ctx.requestApproval({
      tool: entry.qualified,
      command: describeCall(entry.qualified, args),
      reason: verdict.reason,
      ...(verdict.rememberable ? { rememberable: verdict.rememberable } : {}),
    });
    if (!outcome.approved)
      return callRefusal(
        describeCall(entry.qualified, args),
        { how: outcome.how, ...(outcome.by ? { by: outcome.by } : {}), reason: verdict.reason },
        ctx.lang,
      );
  }
  // What was allowed (by a person, or by a rule on first sight) is what later calls are compared with.
  if (verdict.decision === 'ask' || approved === undefined)
    await trust.remember(entry.qualified, {
      hash: entry.hash,
      description: entry.description,
      inputSchema: entry.json,
    });
  return null;
}

export function createMcpTool(deps: McpToolDeps): AnyTool {
  const { entry, connection } = deps;
  return {
    name: entry.qualified,
    description: entry.description,
    parameters: entry.parameters,
    inputJsonSchema: entry.json,
    async execute(args: unknown, ctx: ToolContext): Promise<ToolResult> {
      const refusal = await permitted(deps, args, ctx);
      if (refusal !== null) return { ok: false, content: refusal };
      const t = mcpMessages(ctx.lang);
      const progress = coalesceProgress((line) => ctx.output('stderr', line));
      try {
        const result = await connection.call(entry.name, args, {
          signal: ctx.signal,
          origin: {
            sessionId: ctx.sessionId,
            turnId: ctx.turnId,
            lang: ctx.lang,
            ...(ctx.requestApproval ? { requestApproval: ctx.requestApproval } : {}),
          },
          onProgress: (done, total, message) =>
            progress.push(
              t.progress(
                done,
                total === undefined ? '' : `/${total}`,
                message ? ` ${cleanText(message).slice(0, 300)}` : '',
              ),
            ),
        });
        return { ...formatCallResult(result, t), untrusted: `mcp:${connection.name}` };
      } catch (error) {
        return { ok: false, content: isAppError(error) ? error.message : t.callFailed(describeError(error)) };
      } finally {
        progress.end();
      }
    },
  };
}
