/**
 * The install scan as a gate: scan the staged skill (in the install worker); with a high-risk
 * finding, go on only when `confirmRisk` says a person agreed, else refuse with the findings
 * (`skill_scan_refused`, `details.findings`). Called by install.ts and install-folder.ts after
 * staging and before anything of the skill runs or lands.
 */
import { AppError } from '../../errors.js';
import type { Lang } from '../../i18n/lang.js';
import { installScanMessages } from '../messages.js';
import type { InstallOptions, ScanFinding } from '../types.js';
import { describeFindings } from './install-report.js';
import type { ScanInput } from './install-scan.js';
import { needsConfirmation } from './install-scan.js';
import type { InstallWorker } from './install-worker.js';

export interface ScanGate extends Pick<InstallOptions, 'confirmRisk'> {
  worker: InstallWorker;
  lang: Lang;
  /** Aibox's own places a skill must not name (data dir, prompts dir). */
  protectedDirs: string[];
  /** What the refusal tells the installer to do (`--force`, `confirm=1` …); default: a person must say yes. */
  refusalHint?: string;
}

export async function passScanGate(
  gate: ScanGate,
  input: Omit<ScanInput, 'protectedDirs'>,
): Promise<ScanFinding[]> {
  const report = await gate.worker.scan({ ...input, protectedDirs: gate.protectedDirs }, gate.lang);
  if (!needsConfirmation(report.findings)) return report.findings;
  if (gate.confirmRisk && (await gate.confirmRisk(report.findings))) return report.findings;
  const t = installScanMessages(gate.lang);
  throw new AppError(
    'skill_scan_refused',
    t.refused(describeFindings(report.findings, gate.lang), gate.refusalHint ?? t.refusedDefault),
    { details: { findings: report.findings } },
  );
}
