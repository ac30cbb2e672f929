/**
 * `aibox skills install` and high-risk scan findings: a person at the terminal decides. `--force`
 * says yes beforehand; on a terminal (stdin and stderr TTYs) the findings are shown and a y/N
 * question asked; otherwise the install is refused (the error lists the findings and says --force).
 */
import { createInterface } from 'node:readline/promises';
import type { Lang } from '../../i18n/lang.js';
import { describeFindings } from '../../skills/install/install-report.js';
import { installScanMessages } from '../../skills/messages.js';
import type { ScanFinding } from '../../skills/types.js';

const YES = /^\s*(?:y|yes|是)\s*$/i;

export async function confirmFindingsAtTerminal(
  findings: readonly ScanFinding[],
  options: { force: boolean; lang: Lang },
): Promise<boolean> {
  if (options.force) return true;
  if (!process.stdin.isTTY || !process.stderr.isTTY) return false;
  const t = installScanMessages(options.lang);
  process.stderr.write(`${t.header(findings.length)}\n${describeFindings(findings, options.lang)}\n`);
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  try {
    return YES.test(await rl.question(t.prompt));
  } finally {
    rl.close();
  }
}
