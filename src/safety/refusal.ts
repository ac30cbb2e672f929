/**
 * The one text a tool returns when its call did not run (what the model reads): what was not
 * done, why it needed a decision, how it was decided, and not to retry. Used for commands
 * (`authorise.ts`) and for the file tools (`file-access.ts`).
 */
import type { Lang } from '../i18n/lang.js';
import { refusalMessages } from './messages.js';
import type { ApprovalOutcome } from './types.js';

/** How the refusal came about: a person's or the policy's answer, or `denied` outright by a rule. */
export type RefusalHow = ApprovalOutcome['how'] | 'denied';

export interface Refusal {
  how: RefusalHow;
  /** Who answered, when a person did. */
  by?: string;
  /** Why the call needed a decision (the policy's findings, the path outside the roots). */
  reason: string;
}

function howText(refusal: Refusal, t: ReturnType<typeof refusalMessages>): string {
  switch (refusal.how) {
    case 'denied':
      return t.denied;
    case 'policy':
      return t.policy;
    case 'unattended':
      return t.unattended;
    case 'timeout':
      return t.timedOut;
    case 'aborted':
      return t.aborted;
    case 'allow':
    case 'always':
    case 'deny':
      return t.byPerson(refusal.by ?? '?');
    default: {
      const unknown: never = refusal.how;
      return unknown;
    }
  }
}

/** A command that was not run. */
export function commandRefusal(command: string, refusal: Refusal, lang: Lang): string {
  const t = refusalMessages(lang);
  return t.text(t.commandNotRun(command), refusal.reason, howText(refusal, t));
}

/** A tool call (`read_file /path`) that was not done. */
export function callRefusal(what: string, refusal: Refusal, lang: Lang): string {
  const t = refusalMessages(lang);
  return t.text(t.notDone(what), refusal.reason, howText(refusal, t));
}
