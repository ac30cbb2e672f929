/** Where no sandbox can run, the `--help` of a skill the model installs runs on the host only after a person's yes. */
import type { ToolContext } from '../tool.js';
import { skillToolMessages } from './messages.js';

/** Asks through the tool's approval port; nobody to ask (or safety.mode deny) is a no. */
export async function confirmHostProbe(ctx: ToolContext, tool: string, what: string): Promise<boolean> {
  if (!ctx.requestApproval) return false;
  const t = skillToolMessages(ctx.lang);
  const outcome = await ctx.requestApproval({ tool, command: `${tool} ${what}`, reason: t.hostProbeReason });
  return outcome.approved;
}
