/**
 * Approval events → wire frames (docs/protocol.md "Approvals", "Forms"). Sent only to
 * `aibox.v1` clients of the request's session; the original clients see the outcome in the
 * tool's result text only. A request with a form (an MCP server's elicitation) becomes an
 * `elicitation_request`, its end an `elicitation_resolved`.
 */

import type {
  ApprovalRequestFrame,
  ApprovalResolvedFrame,
  ElicitationRequestFrame,
  ElicitationResolvedFrame,
} from '../protocol/frames.js';
import type { ApprovalEvent, PendingApproval } from '../safety/approvals/approval-broker.js';
import { isoWithOffset } from '../util/clock.js';

type RequestFrame = ApprovalRequestFrame | ElicitationRequestFrame;
type ResolvedFrame = ApprovalResolvedFrame | ElicitationResolvedFrame;

export function approvalRequestFrame(pending: PendingApproval, timeZone?: string): RequestFrame {
  const { request } = pending;
  const expiresAt = isoWithOffset(pending.expiresAt, timeZone);
  if (request.form)
    return {
      type: 'elicitation_request',
      elicitation_id: pending.approvalId,
      session: request.sessionId,
      turn_id: request.turnId,
      call_id: request.callId,
      server: request.form.server,
      message: request.form.message,
      fields: request.form.fields,
      expires_at: expiresAt,
    };
  return {
    type: 'approval_request',
    approval_id: pending.approvalId,
    session: request.sessionId,
    turn_id: request.turnId,
    call_id: request.callId,
    tool: request.tool,
    command: request.command,
    ...(request.env ? { env: { ...request.env } } : {}),
    reason: request.reason,
    expires_at: expiresAt,
    can_always: request.rememberable !== undefined,
  };
}

export function approvalFrame(event: ApprovalEvent, timeZone?: string): RequestFrame | ResolvedFrame {
  if (event.type === 'requested') return approvalRequestFrame(event.pending, timeZone);
  const { outcome } = event;
  const by = outcome.by ? { by: outcome.by } : {};
  if (event.request.form) {
    const { how } = outcome;
    const ended = how === 'timeout' || how === 'unattended' || how === 'aborted';
    return {
      type: 'elicitation_resolved',
      elicitation_id: event.approvalId,
      session: event.request.sessionId,
      action: ended ? how : (outcome.form?.action ?? 'decline'),
      ...by,
    };
  }
  return {
    type: 'approval_resolved',
    approval_id: event.approvalId,
    session: event.request.sessionId,
    decision: outcome.how,
    approved: outcome.approved,
    ...by,
  };
}
