/**
 * How install_skill and create_skill handle the install scan: high-risk findings are put to a
 * person through the approval flow (the reason lists them; never "Always"), and every finding is
 * shown in the tool result the model sees.
 */
import type { Lang } from '../../i18n/lang.js';
import { describeFindings } from '../../skills/install/install-report.js';
import { installScanMessages } from '../../skills/messages.js';
import type { InstallOptions, ScanFinding } from '../../skills/types.js';
import type { Field } from '../format.js';
import type { ToolContext } from '../tool.js';
import { skillToolMessages } from './messages.js';

/** Install options that ask a person (or, with nobody to ask, refuse) when the scan finds high risk. */
export function askPersonOnFindings(
  ctx: ToolContext,
  tool: string,
  command: string,
): Pick<InstallOptions, 'confirmRisk' | 'refusalHint'> {
  const t = installScanMessages(ctx.lang);
  return {
    refusalHint: t.refusedModel,
    async confirmRisk(findings) {
      if (!ctx.requestApproval) return false;
      const outcome = await ctx.requestApproval({
        tool,
        command,
        reason: t.reason(describeFindings(findings, ctx.lang)),
      });
      return outcome.approved;
    },
  };
}

/** The result field listing what the scan found (none when it found nothing). */
export function findingsField(findings: readonly ScanFinding[], lang: Lang): Field[] {
  if (findings.length === 0) return [];
  return [[skillToolMessages(lang).labelScan, describeFindings(findings, lang)]];
}
