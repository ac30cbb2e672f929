/**
 * The frames a client receives right after connecting (docs/protocol.md, "Connecting"):
 * `connection_ack` (with both `content` and `message`, so the original clients
 * print it), three `info` lines, the session's `history`, then due tasks.
 */
import type { AppServices } from '../app/services.js';
import { type HistoryEntry, PROTOCOL_VERSION, type ServerFrame } from '../protocol/frames.js';
import type { TranscriptEntry } from '../session/types.js';
import { isoWithOffset } from '../util/clock.js';
import { serverMessages } from './messages.js';
import { dueTaskFrames } from './tasks/task-frames.js';

export function wireTime(app: Pick<AppServices, 'clock' | 'config'>): string {
  return isoWithOffset(app.clock.now(), app.config.scheduler.timezone || undefined);
}

/** A session transcript entry → the wire's snake_case. */
function historyMessage(entry: TranscriptEntry): HistoryEntry {
  const out: HistoryEntry = { role: entry.role, content: entry.content, at: entry.at };
  if (entry.turnId) out.turn_id = entry.turnId;
  if (entry.toolCalls) out.tool_calls = entry.toolCalls;
  if (entry.callId) out.call_id = entry.callId;
  if (entry.name) out.name = entry.name;
  return out;
}

function historyFrame(app: AppServices, sessionId: string): ServerFrame {
  const entries = app.sessions.get(sessionId).history(app.config.server.history_messages);
  return { type: 'history', session: sessionId, messages: entries.map(historyMessage) };
}

export function welcomeFrames(app: AppServices, sessionId: string): ServerFrame[] {
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
    historyFrame(app, sessionId),
  ];
  return [...frames, ...dueTaskFrames(app)];
}
