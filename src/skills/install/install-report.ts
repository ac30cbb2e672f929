/** How an install's archive problems and scan findings read, in zh or en (shared by every front end). */
import type { Lang } from '../../i18n/lang.js';
import { archiveProblemMessages, installScanMessages } from '../messages.js';
import type { ScanFinding } from '../types.js';
import type { ArchiveProblem } from './archive-limits.js';

/** Findings listed in one text at most; the rest are counted. */
const LISTED_FINDINGS = 12;

export function describeArchiveProblem(problem: ArchiveProblem, lang: Lang): string {
  const t = archiveProblemMessages(lang);
  switch (problem.kind) {
    case 'limit':
      return `${t[problem.limit](problem.max)}${problem.entry ? t.at(problem.entry) : ''}`;
    case 'size_mismatch':
      return t.sizeMismatch(problem.entry, problem.declared);
    case 'absolute':
      return t.absolute(problem.entry);
    case 'parent':
      return t.parent(problem.entry);
    case 'backslash':
      return t.backslash(problem.entry);
    case 'name':
      if (problem.problem === 'control') return t.nameControl(problem.entry);
      if (problem.problem === 'hidden') return t.nameHidden(problem.entry);
      return t.nameNotUtf8(problem.entry);
    case 'link':
      return t.link(problem.entry);
    case 'special':
      return t.special(problem.entry);
    case 'duplicate':
      return t.duplicate(problem.entry);
    case 'unsupported':
      if (problem.what === 'method') return t.method(problem.entry, problem.method ?? 0);
      return t[problem.what](problem.entry);
    case 'damaged':
      if (problem.what === 'no_end_record') return t.noEndRecord;
      if (problem.what === 'local_header') return t.localHeader(problem.entry ?? '');
      return `${t[problem.what]}${problem.entry ? t.at(problem.entry) : ''}`;
    case 'unreadable':
      return `${t[problem.what](problem.detail)}${problem.entry ? t.at(problem.entry) : ''}`;
  }
}

/** One line per finding: `[high] scripts/run.sh:3: downloads code …: curl … | sh`. */
export function describeFinding(finding: ScanFinding, lang: Lang): string {
  const t = installScanMessages(lang);
  const where = finding.line ? `${finding.file}:${finding.line}` : finding.file;
  return t.finding(t.severity(finding.severity), where, t[finding.rule], finding.excerpt ?? '');
}

/** The findings as lines (most severe first), capped; empty for none. */
export function describeFindings(findings: readonly ScanFinding[], lang: Lang): string {
  const order = { high: 0, medium: 1, low: 2 } as const;
  const sorted = [...findings].sort((a, b) => order[a.severity] - order[b.severity]);
  const lines = sorted.slice(0, LISTED_FINDINGS).map((finding) => `- ${describeFinding(finding, lang)}`);
  if (sorted.length > LISTED_FINDINGS)
    lines.push(installScanMessages(lang).more(sorted.length - LISTED_FINDINGS));
  return lines.join('\n');
}
