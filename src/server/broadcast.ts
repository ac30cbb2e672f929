/**
 * Fan-out: which clients receive what. Chat frames of a session go to every
 * client attached to it (one subscription per session, each frame serialised
 * once); task and skill frames go to every authenticated client. Each `aibox.v1`
 * client of a session is one of its approvers: it receives the session's
 * approval requests (the pending ones at once) and their resolutions.
 */
import type { Logger } from '../log/logger.js';
import type { ServerFrame } from '../protocol/frames.js';
import type { ApprovalBroker } from '../safety/approvals/approval-broker.js';
import type { SessionManager } from '../session/types.js';
import { approvalFrame, approvalRequestFrame } from './approval-frames.js';
import type { Connection } from './connection.js';
import type { ServerMessages } from './messages.js';
import { frameIsFor, framesForEvent } from './outbound.js';

export interface Hub {
  add(conn: Connection): void;
  remove(conn: Connection): void;
  /**
   * Starts sending the session's chat frames to `conn` (and, to an `aibox.v1` client, its approval
   * requests: the waiting ones at once unless `replayApprovals` is false). Throws AppError `too_many_sessions`.
   */
  attach(conn: Connection, sessionId: string, options?: { replayApprovals?: boolean }): void;
  /** Sends `conn` the session's approval requests that are still waiting (after the welcome's `history`). */
  replayApprovals(conn: Connection, sessionId: string): void;
  toAll(frame: ServerFrame): void;
  toSession(sessionId: string, frame: ServerFrame): void;
  readonly size: number;
  connections(): Connection[];
  /** Drops every session subscription. */
  close(): void;
}

interface HubOptions {
  sessions: SessionManager;
  t: ServerMessages;
  logger: Logger;
  approvals?: ApprovalBroker;
  /** Time zone of `expires_at` (scheduler.timezone). */
  timeZone?: string;
}

export function createHub(options: HubOptions): Hub {
  const all = new Set<Connection>();
  /** Per connection: the approval subscriptions of its sessions. */
  const approvers = new Map<Connection, Map<string, () => void>>();
  const attached = new Map<string, Set<Connection>>();
  const unsubscribes = new Map<string, () => void>();

  /** Serialises the frame at most once, and not at all when no target takes it (e.g. the
   * `line` copy of each tool_output chunk when every client speaks protocol 1). */
  const sendTo = (targets: Iterable<Connection>, frame: ServerFrame) => {
    let text: string | undefined;
    for (const conn of targets) {
      if (!conn.authenticated || !frameIsFor(conn.structured, frame)) continue;
      text ??= JSON.stringify(frame);
      conn.sendText(text);
    }
  };

  const toSession = (sessionId: string, frame: ServerFrame) => {
    const targets = attached.get(sessionId);
    if (targets && targets.size > 0) sendTo(targets, frame);
  };

  const subscribe = (sessionId: string) => {
    if (unsubscribes.has(sessionId)) return;
    const session = options.sessions.get(sessionId);
    const off = session.subscribe((event) => {
      try {
        for (const frame of framesForEvent(event, options.t)) toSession(sessionId, frame);
      } catch (error) {
        options.logger.error({ err: error, session: sessionId }, 'failed to forward a session event');
      }
    });
    unsubscribes.set(sessionId, off);
  };

  /** Registers `conn` as an approver of the session; true when it was not one yet. */
  const becomeApprover = (conn: Connection, sessionId: string) => {
    const { approvals } = options;
    // Only a client with the credential is asked; others never see requests nor count as approvers.
    if (!approvals || !conn.structured || !conn.canApprove) return false;
    let mine = approvers.get(conn);
    if (!mine) {
      mine = new Map();
      approvers.set(conn, mine);
    }
    if (mine.has(sessionId)) return false;
    mine.set(
      sessionId,
      approvals.attach(sessionId, (event) => conn.send(approvalFrame(event, options.timeZone))),
    );
    return true;
  };

  const replayApprovals = (conn: Connection, sessionId: string) => {
    if (!conn.structured || !conn.canApprove) return;
    for (const pending of options.approvals?.pending(sessionId) ?? [])
      conn.send(approvalRequestFrame(pending, options.timeZone));
  };

  const detachAll = (conn: Connection) => {
    for (const off of approvers.get(conn)?.values() ?? []) off();
    approvers.delete(conn);
    for (const sessionId of conn.sessions) {
      const set = attached.get(sessionId);
      if (!set) continue;
      set.delete(conn);
      if (set.size === 0) {
        attached.delete(sessionId);
        unsubscribes.get(sessionId)?.();
        unsubscribes.delete(sessionId);
      }
    }
  };

  return {
    add: (conn) => {
      all.add(conn);
    },
    remove: (conn) => {
      all.delete(conn);
      detachAll(conn);
    },
    attach: (conn, sessionId, attachOptions = {}) => {
      subscribe(sessionId); // first: it throws when the session cannot be held
      conn.sessions.add(sessionId);
      let set = attached.get(sessionId);
      if (!set) {
        set = new Set();
        attached.set(sessionId, set);
      }
      set.add(conn);
      if (conn.authenticated && becomeApprover(conn, sessionId) && attachOptions.replayApprovals !== false)
        replayApprovals(conn, sessionId);
    },
    replayApprovals,
    toAll: (frame) => sendTo(all, frame),
    toSession,
    get size() {
      return all.size;
    },
    connections: () => [...all],
    close: () => {
      for (const conn of [...approvers.keys()]) detachAll(conn);
      for (const off of unsubscribes.values()) off();
      unsubscribes.clear();
      attached.clear();
    },
  };
}
