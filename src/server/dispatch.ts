/**
 * What the server does with each valid client frame (docs/protocol.md, "Client → server").
 * Chat turns are queued in the session and never awaited here, so a client can
 * always send `abort`, `ping` or a command while a turn runs.
 */
import type { AppServices } from '../app/services.js';
import type { ErrorCode } from '../error-codes.js';
import { type ErrorFrame, errorFrame } from '../error-frame.js';
import { describeError, isAppError } from '../errors.js';
import { type Attached, attachUploads } from '../media/uploads/attach-uploads.js';
import type { FormReply } from '../protocol/form.js';
import { errorsText } from '../protocol/form-text.js';
import type { ClientFrame, ServerFrame } from '../protocol/frames.js';
import type { CommandRegistry } from '../slash-commands/registry.js';
import type { Hub } from './broadcast.js';
import type { Connection } from './connection.js';
import type { ServerMessages } from './messages.js';
import { wireTime } from './welcome.js';

interface DispatchDeps {
  app: AppServices;
  hub: Hub;
  commands: CommandRegistry;
  t: ServerMessages;
}

async function dispatchFrame(deps: DispatchDeps, conn: Connection, frame: ClientFrame): Promise<void> {
  const { app, hub, t } = deps;
  switch (frame.type) {
    case 'ping':
      conn.send({ type: 'pong', timestamp: wireTime(app) });
      return;
    case 'auth':
      conn.send({ type: 'info', content: t.alreadyAuthed });
      return;
    case 'message': {
      const sessionId = frame.session ?? conn.defaultSession;
      hub.attach(conn, sessionId);
      const ids = (frame.attachments ?? []).map((a) => a.upload);
      let attached: Attached = { attachments: [], texts: [], shown: [] };
      if (ids.length > 0) {
        try {
          attached = await attachUploads(app.media, ids, { sessionId, lang: app.lang });
        } catch (error) {
          if (!isAppError(error, 'upload_not_found')) throw error;
          const refusal = errorFrame('upload_not_found', error.message, { session: sessionId });
          if (frame.id !== undefined) refusal.id = frame.id;
          conn.send(refusal);
          return;
        }
      }
      const content = [frame.content.trim(), ...attached.texts].filter(Boolean).join('\n\n');
      const { turnId, position } = app.sessions.get(sessionId).enqueue({
        content,
        source: 'user',
        channel: 'web',
        ...(attached.attachments.length > 0 ? { attachments: attached.attachments } : {}),
      });
      const ack: Extract<ServerFrame, { type: 'queued' }> = {
        type: 'queued',
        turn_id: turnId,
        session: sessionId,
        position,
      };
      if (frame.id !== undefined) ack.id = frame.id;
      conn.send(ack);
      // What the attachments showed (a transcript as "🎤 …"), about this turn, to the sender.
      for (const note of attached.shown)
        conn.send({ type: 'info', content: note, session: sessionId, turn_id: turnId });
      return;
    }
    case 'abort': {
      const sessionId = frame.session ?? conn.defaultSession;
      const aborted = app.sessions.get(sessionId).abort();
      conn.send({
        type: 'info',
        content: aborted ? t.abortRequested(sessionId) : t.nothingToAbort(sessionId),
        session: sessionId,
      });
      return;
    }
    case 'approval': {
      if (!conn.canApprove) {
        conn.send(
          errorFrame('client_key_required', t.approvalNeedsCredential, { approval_id: frame.approval_id }),
        );
        return;
      }
      // Only for requests of this client's sessions; the resolution reaches every approver (the sender too).
      const result = app.approvals.answer(frame.approval_id, frame.decision, conn.peer, conn.sessions);
      if (result.status === 'unknown') conn.send(errorFrame('not_found', t.noApproval(frame.approval_id)));
      else if (result.status === 'already_decided')
        conn.send(
          errorFrame(
            'already_decided',
            t.approvalDecided(frame.approval_id, result.outcome.how, result.outcome.by ?? '-'),
            { approval_id: frame.approval_id },
          ),
        );
      return;
    }
    case 'elicitation': {
      const id = { elicitation_id: frame.elicitation_id };
      if (!conn.canApprove) {
        conn.send(errorFrame('client_key_required', t.approvalNeedsCredential, id));
        return;
      }
      const reply: FormReply =
        frame.action === 'accept'
          ? { action: 'accept', content: frame.content ?? {} }
          : { action: frame.action };
      const result = app.approvals.answerForm(frame.elicitation_id, reply, conn.peer, conn.sessions);
      if (result.status === 'unknown') conn.send(errorFrame('not_found', t.noForm(frame.elicitation_id), id));
      else if (result.status === 'already_decided')
        conn.send(errorFrame('already_decided', t.formDecided(frame.elicitation_id), id));
      else if (result.status === 'invalid')
        conn.send(
          errorFrame('invalid_values', `${t.formInvalid}\n${errorsText(result.errors, app.lang)}`, {
            ...id,
            fields: result.errors,
          }),
        );
      return;
    }
    case 'task': {
      // Checked with zod: loaded by the first task frame, not at start.
      const { handleTaskFrame } = await import('./tasks/task-frame.js');
      conn.send(
        handleTaskFrame(frame, {
          tasks: app.tasks,
          lang: app.lang,
          clock: app.clock,
          defaultTimezone: app.config.scheduler.timezone,
          minIntervalS: app.config.scheduler.min_interval_s,
        }),
      );
      return;
    }
    case 'command': {
      const sessionId = frame.session ?? conn.defaultSession;
      const session = app.sessions.get(sessionId);
      const result = await deps.commands.run(frame.command, { session, lang: app.lang });
      const reply: Extract<ServerFrame, { type: 'command_result' }> = {
        type: 'command_result',
        content: result.content,
      };
      if (frame.id !== undefined) reply.id = frame.id;
      if (result.command) reply.command = result.command;
      if (result.data !== undefined) reply.data = result.data;
      conn.send(reply);
      if (result.close) conn.close(1000, 'bye');
      return;
    }
    default: {
      // A frame type added to ClientFrame must be handled here.
      const unhandled: never = frame;
      return unhandled;
    }
  }
}

/** Refusals of the server's limits that a client is told about with their own code. */
const LIMIT_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['queue_full', 'too_many_sessions']);

/** The error frame for a refused limit (queue or sessions), or undefined for anything else. */
export function limitErrorFrame(error: unknown): ErrorFrame | undefined {
  if (!isAppError(error) || !LIMIT_CODES.has(error.code)) return undefined;
  return errorFrame(error.code, error.message);
}

/** Runs `dispatchFrame`; a refused limit becomes its error frame, anything else an `internal` one. */
export function dispatchSafely(deps: DispatchDeps, conn: Connection, frame: ClientFrame): void {
  dispatchFrame(deps, conn, frame).catch((error: unknown) => {
    const refusal = limitErrorFrame(error);
    if (refusal) {
      if ((frame.type === 'message' || frame.type === 'command') && frame.id !== undefined)
        refusal.id = frame.id;
      if ((frame.type === 'message' || frame.type === 'command' || frame.type === 'abort') && frame.session)
        refusal.session = frame.session;
      conn.send(refusal);
      return;
    }
    deps.app.logger.error({ err: error, peer: conn.peer, frame: frame.type }, 'frame handling failed');
    conn.send(errorFrame('internal', deps.t.internal(describeError(error))));
  });
}
