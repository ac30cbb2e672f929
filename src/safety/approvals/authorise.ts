/**
 * From a verdict to "run it" or "refused, and why": allow runs; deny is refused; ask goes to a
 * person through `requestApproval` (absent: nobody can be asked, so refused), or is refused
 * outright under `safety.mode = deny`.
 */
import type { Config } from '../../config/schema.js';
import { commandRefusal, type RefusalHow } from '../refusal.js';
import type { AskContext, Verdict } from '../types.js';

type Authorisation = { run: true } | { run: false; message: string };

export async function authorise(
  verdict: Verdict,
  mode: Config['safety']['mode'],
  request: { tool: string; command: string; env?: Readonly<Record<string, string>> },
  ctx: AskContext,
): Promise<Authorisation> {
  const refuse = (how: RefusalHow, by?: string): Authorisation => ({
    run: false,
    message: commandRefusal(
      request.command,
      { how, reason: verdict.reason, ...(by ? { by } : {}) },
      ctx.lang,
    ),
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
  return outcome.approved ? { run: true } : refuse(outcome.how, outcome.by);
}
