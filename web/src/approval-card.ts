/**
 * An approval request in the chat: what will run (monospace; text nodes, so
 * never interpreted as HTML), why it needs a yes, a countdown, and Allow once /
 * Always (only when the server offers it) / Deny. Once decided — here, in
 * another client, by the timeout — it shows the decision and who made it.
 */

import { envLines } from '../../src/protocol/env-lines.js';
import type {
  ApprovalDecision,
  ApprovalRequestFrame,
  ApprovalResolvedFrame,
} from '../../src/protocol/frames.js';
import { startCountdown } from './countdown.js';
import { h, replaceChildren } from './dom.js';
import type { Messages } from './i18n.js';

export interface ApprovalCard {
  el: HTMLElement;
  readonly pending: boolean;
  resolve(frame: ApprovalResolvedFrame): void;
}

export function createApprovalCard(
  request: ApprovalRequestFrame,
  t: () => Messages,
  answer: (decision: ApprovalDecision) => boolean,
): ApprovalCard {
  const countdown = startCountdown(request.expires_at, (left) => t().approvalCountdown(left));
  const button = (decision: ApprovalDecision, label: string, kind: string) =>
    h(
      'button',
      {
        type: 'button',
        class: `btn small ${kind} approval-${decision}`,
        onclick: () => {
          if (answer(decision)) for (const b of buttons.querySelectorAll('button')) b.disabled = true;
        },
      },
      label,
    );
  const buttons = h(
    'div',
    { class: 'approval-actions' },
    button('allow', t().approveOnce, 'primary'),
    request.can_always ? button('always', t().approveAlways, '') : null,
    button('deny', t().approveDeny, 'danger'),
    countdown.el,
  );
  const el = h(
    'div',
    {
      class: 'approval-card',
      'data-approval-id': request.approval_id,
      'data-state': 'pending',
      role: 'group',
    },
    h('div', { class: 'approval-title' }, t().approvalTitle(request.tool)),
    h('pre', { class: 'approval-command' }, request.command),
    request.env && Object.keys(request.env).length > 0
      ? h(
          'div',
          { class: 'approval-env' },
          h('div', { class: 'approval-env-title' }, t().approvalEnv),
          h('pre', { class: 'approval-env-vars' }, envLines(request.env).join('\n')),
        )
      : null,
    h('div', { class: 'approval-reason' }, request.reason),
    buttons,
  );

  let pending = true;

  return {
    el,
    get pending() {
      return pending;
    },
    resolve(frame) {
      pending = false;
      countdown.stop();
      el.dataset.state = frame.approved ? 'approved' : 'denied';
      el.dataset.decision = frame.decision;
      replaceChildren(
        buttons,
        h('span', { class: 'approval-outcome' }, t().approvalDecided(frame.decision, frame.by ?? '')),
      );
    },
  };
}
