/**
 * Approval requests in a chat: the question with Allow once / Always / Deny buttons, the
 * button payloads (`ap:<answer>:<approval id>`, under Telegram's 64 bytes), and the text
 * the message is edited to once decided, naming the decision and who made it.
 */
import { envLines } from '../../protocol/env-lines.js';
import type { PendingApproval } from '../../safety/approvals/approval-broker.js';
import type { ApprovalAnswer, ApprovalOutcome, ApprovalRequest } from '../../safety/types.js';
import type { ChannelMessages } from '../messages.js';
import type { ActionButton } from '../types.js';

const ANSWERS: readonly ApprovalAnswer[] = ['allow', 'always', 'deny'];

export function approvalText(request: ApprovalRequest, t: ChannelMessages): string {
  const env = envLines(request.env);
  const shownEnv = env.length > 0 ? `${t.approvalEnv}\n\`\`\`\n${env.join('\n')}\n\`\`\`\n` : '';
  return `${t.approvalTitle(request.tool)}\n\`\`\`\n${request.command}\n\`\`\`\n${shownEnv}${request.reason}`;
}

export function approvalButtons(pending: PendingApproval, t: ChannelMessages): ActionButton[] {
  const offered = ANSWERS.filter((answer) => answer !== 'always' || pending.request.rememberable);
  const labels = { allow: t.approvalAllow, always: t.approvalAlways, deny: t.approvalDeny };
  return offered.map((answer) => ({ label: labels[answer], data: `ap:${answer}:${pending.approvalId}` }));
}

/** The answer and approval id of a button payload, or undefined for anything else. */
export function parseApprovalData(data: string): { answer: ApprovalAnswer; approvalId: string } | undefined {
  const match = /^ap:(allow|always|deny):([\w-]{1,56})$/.exec(data);
  if (!match) return undefined;
  return { answer: match[1] as ApprovalAnswer, approvalId: match[2] as string };
}

export function decidedText(request: ApprovalRequest, outcome: ApprovalOutcome, t: ChannelMessages): string {
  return `${approvalText(request, t)}\n\n${t.approvalOutcome(outcome.how, outcome.by)}`;
}
