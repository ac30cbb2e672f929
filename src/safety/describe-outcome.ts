/** The tool result text for an approval that did not allow the call (what the model reads). */
import type { Lang } from '../i18n/lang.js';
import { approvalMessages } from './approval-messages.js';
import type { ApprovalOutcome } from './types.js';

/** Why the call did not run, in the user's language. */
export function refusalReason(outcome: ApprovalOutcome, lang: Lang): string {
  const t = approvalMessages(lang);
  switch (outcome.how) {
    case 'timeout':
      return t.timedOut;
    case 'unattended':
      return t.unattended;
    case 'aborted':
      return t.aborted;
    case 'policy':
      return t.policyDeny;
    default:
      return t.deniedByPerson(outcome.by ?? '?');
  }
}

/** "Not done: WHAT. WHY. Do not retry …" */
export function describeRefusal(outcome: ApprovalOutcome, what: string, lang: Lang): string {
  return approvalMessages(lang).refused(what, refusalReason(outcome, lang));
}
