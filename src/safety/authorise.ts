/**
 * From a verdict to "run it" or "refused, and why": allow runs; deny is refused; ask goes to a
 * person through `requestApproval` (absent: nobody can be asked, so refused), or is refused
 * outright under `safety.mode = deny`.
 */
import type { Config } from '../config/schema.js';
import type { ToolContext } from '../tools/tool.js';
import { safetyMessages } from './messages.js';
import type { ApprovalOutcome, Verdict } from './types.js';

export type Authorisation = { run: true } | { run: false; message: string };

function how(outcome: ApprovalOutcome['how'] | 'denied', t: ReturnType<typeof safetyMessages>): string {
  switch (outcome) {
    case 'denied':
      return t.howDenied;
    case 'policy':
      return t.howPolicy;
    case 'unattended':
      return t.howUnattended;
    case 'timeout':
      return t.howTimeout;
    case 'aborted':
      return t.howAborted;
    default:
      return t.howRefused;
  }
}

export async function authorise(
  verdict: Verdict,
  mode: Config['safety']['mode'],
  request: { tool: string; command: string },
  ctx: Pick<ToolContext, 'lang' | 'requestApproval'>,
): Promise<Authorisation> {
  const t = safetyMessages(ctx.lang);
  const refuse = (outcome: ApprovalOutcome['how'] | 'denied'): Authorisation => ({
    run: false,
    message: t.refused(request.command, verdict.reason, how(outcome, t)),
  });
  if (verdict.decision === 'allow') return { run: true };
  if (verdict.decision === 'deny') return refuse('denied');
  if (mode === 'deny') return refuse('policy');
  if (!ctx.requestApproval) return refuse('unattended');
  const outcome = await ctx.requestApproval({
    ...request,
    reason: verdict.reason,
    ...(verdict.rememberable ? { rememberable: verdict.rememberable } : {}),
  });
  return outcome.approved ? { run: true } : refuse(outcome.how);
}
