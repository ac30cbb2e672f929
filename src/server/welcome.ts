/**
 * The frames a client receives right after connecting (docs/protocol.md, "Connecting"):
 * `connection_ack` (with both `content` and `message`, so the original clients
 * print it), three `info` lines, the session's `history`, then due tasks.
 */
import type { AppServices } from '../app/services.js';
import type { StoredAttachment } from '../conversations/types.js';
import {
  type HistoryEntry,
  PROTOCOL_VERSION,
  type ServerFrame,
  type WireAttachment,
} from '../protocol/frames.js';
import type { TranscriptEntry } from '../session/types.js';
import { isoWithOffset } from '../util/clock.js';
import { serverMessages } from './messages.js';
import { dueTaskFrames } from './tasks/task-frames.js';

export function wireTime(app: Pick<AppServices, 'clock' | 'config'>): string {
  return isoWithOffset(app.clock.now(), app.config.scheduler.timezone || undefined);
}

function wireAttachment(a: StoredAttachment): WireAttachment {
  if (a.kind === 'image')
    return { kind: 'image', id: a.id, name: a.name, width: a.width, height: a.height, bytes: a.bytes };
  return { kind: a.kind, name: a.name, bytes: a.bytes, ...(a.saved ? { saved: a.saved } : {}) };
}

/** A session transcript entry → the wire's snake_case; attachments only for `aibox.v1` clients. */
function historyMessage(entry: TranscriptEntry, structured: boolean): HistoryEntry {
  const out: HistoryEntry = { role: entry.role, content: entry.content, at: entry.at };
  if (entry.turnId) out.turn_id = entry.turnId;
  if (entry.toolCalls) out.tool_calls = entry.toolCalls;
  if (entry.callId) out.call_id = entry.callId;
  if (entry.name) out.name = entry.name;
  if (structured && entry.attachments) out.attachments = entry.attachments.map(wireAttachment);
  return out;
}

function historyFrame(app: AppServices, sessionId: string, structured: boolean): ServerFrame {
  const entries = app.sessions.get(sessionId).history(app.config.server.history_messages);
  return {
    type: 'history',
    session: sessionId,
    messages: entries.map((entry) => historyMessage(entry, structured)),
  };
}

export function welcomeFrames(app: AppServices, sessionId: string, structured = true): ServerFrame[] {
  const t = serverMessages(app.lang);
  const frames: ServerFrame[] = [
    {
      type: 'connection_ack',
      content: t.connected,
      message: t.connected,
      protocol: PROTOCOL_VERSION,
      server: { name: 'aibox', version: app.version },
      session: sessionId,
      timestamp: wireTime(app),
    },
    { type: 'info', content: t.dataDir(app.paths.home) },
    { type: 'info', content: t.skillsDir(app.paths.skills) },
    { type: 'info', content: t.promptsDir(app.paths.prompts) },
    historyFrame(app, sessionId, structured),
  ];
  return [...frames, ...dueTaskFrames(app)];
}
