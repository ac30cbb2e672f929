/**
 * Approval events → wire frames (docs/protocol.md "Approvals"). Sent only to
 * `aibox.v1` clients of the request's session; the original clients see the
 * outcome in the tool's result text only.
 */

import type { ApprovalRequestFrame, ApprovalResolvedFrame } from '../protocol/frames.js';
import type { ApprovalEvent, PendingApproval } from '../safety/approvals/approval-broker.js';
import { isoWithOffset } from '../util/clock.js';

export function approvalRequestFrame(pending: PendingApproval, timeZone?: string): ApprovalRequestFrame {
  const { request } = pending;
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
    expires_at: isoWithOffset(pending.expiresAt, timeZone),
    can_always: request.rememberable !== undefined,
  };
}

export function approvalFrame(
  event: ApprovalEvent,
  timeZone?: string,
): ApprovalRequestFrame | ApprovalResolvedFrame {
  if (event.type === 'requested') return approvalRequestFrame(event.pending, timeZone);
  const frame: ApprovalResolvedFrame = {
    type: 'approval_resolved',
    approval_id: event.approvalId,
    session: event.request.sessionId,
    decision: event.outcome.how,
    approved: event.outcome.approved,
  };
  if (event.outcome.by) frame.by = event.outcome.by;
  return frame;
}
