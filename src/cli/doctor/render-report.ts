/** The report of `aibox doctor` as text: a mark and a line per check, its facts indented, then the fix. */
import type { Lang } from '../../i18n/lang.js';
import { doctorCheckMessages } from './messages.js';
import type { DoctorReport } from './run-doctor.js';
import type { DoctorStatus } from './types.js';

const MARK: Record<DoctorStatus, string> = { ok: '✅', warn: '⚠️ ', fail: '❌', skip: '➖' };

export function renderReport(report: DoctorReport, lang: Lang, offline: boolean): string {
  const t = doctorCheckMessages(lang);
  const out: string[] = offline ? [t.offline] : [];
  for (const check of report.checks) {
    out.push(`${MARK[check.status]} ${check.summary}`);
    for (const line of check.lines ?? []) out.push(`   ${line}`);
    if (check.fix && (check.status === 'warn' || check.status === 'fail'))
      out.push(...`${t.fixPrefix}${check.fix}`.split('\n').map((line) => `   ${line}`));
  }
  const count = (status: DoctorStatus) => report.checks.filter((c) => c.status === status).length;
  out.push(t.total(count('ok'), count('warn'), count('fail'), count('skip')));
  return out.join('\n');
}
