/**
 * `/new`: a conversation is marked archived in SQLite and exported to
 * `archive/conversation_<YYYYmmdd_HHMMSS>_<id>.json` (the id makes names unique;
 * the original overwrote archives made in the same second).
 */
import { join } from 'node:path';
import { writeFileAtomic } from '../util/atomic-write.js';
import { type Clock, isoWithOffset, legacyLocalTime } from '../util/clock.js';
import type { ConversationRepo } from './conversation-repo.js';
import type { MessageRepo } from './message-repo.js';
import type { ConversationRecord, StoredMessage } from './types.js';

interface ArchiveDeps {
  conversations: ConversationRepo;
  messages: MessageRepo;
  archiveDir: string;
  clock: Clock;
}

interface ArchiveResult {
  conversation: ConversationRecord;
  /** The JSON export, or undefined when writing it failed (`exportError` says why; the DB still has it all). */
  file?: string;
  exportError?: unknown;
}

/** Local time as YYYYmmdd_HHMMSS. */
function stamp(date: Date): string {
  return legacyLocalTime(date).replace(' ', '_').replace(/[-:]/g, '');
}

export function archiveFileName(conversationId: string, at: Date): string {
  return `conversation_${stamp(at)}_${conversationId.replace(/[^A-Za-z0-9_-]/g, '_')}.json`;
}

/** The export format: the conversation record and its whole transcript, summaries included. */
function exportConversation(conversation: ConversationRecord, rows: StoredMessage[]) {
  const transcript = rows.filter((r) => r.kind === 'message');
  return {
    format: 'aibox.conversation.v1',
    ...conversation,
    messages: rows.map((r) => ({
      seq: r.seq,
      role: r.role,
      kind: r.kind,
      content: r.content,
      ...(r.toolCalls ? { tool_calls: r.toolCalls } : {}),
      ...(r.toolCallId ? { tool_call_id: r.toolCallId } : {}),
      ...(r.toolName ? { tool_name: r.toolName } : {}),
      ...(r.reasoning ? { reasoning: r.reasoning } : {}),
      ...(r.turnId ? { turn_id: r.turnId } : {}),
      ...(r.untrusted.length > 0 ? { untrusted: r.untrusted } : {}),
      created_at: r.createdAt,
      compressed: r.compressedInto !== null,
    })),
    stats: {
      user_messages: transcript.filter((r) => r.role === 'user').length,
      ai_messages: transcript.filter((r) => r.role === 'assistant').length,
      tool_calls: transcript.reduce((n, r) => n + (r.toolCalls?.length ?? 0), 0),
    },
  };
}

/** Exports (atomically) then marks archived. A failed export is reported, never thrown: the rows stay in SQLite. */
export async function archiveConversation(
  deps: ArchiveDeps,
  conversationId: string,
): Promise<ArchiveResult | undefined> {
  const before = deps.conversations.get(conversationId);
  if (!before) return undefined;
  const now = deps.clock.now();
  const at = isoWithOffset(now);
  const conversation: ConversationRecord = {
    ...before,
    status: 'archived',
    archivedAt: at,
    endedAt: before.endedAt ?? at,
  };
  const file = join(deps.archiveDir, archiveFileName(conversationId, now));
  let exportError: unknown;
  try {
    const data = exportConversation(conversation, deps.messages.all(conversationId));
    await writeFileAtomic(file, `${JSON.stringify(data, null, 2)}\n`);
  } catch (error) {
    exportError = error;
  }
  deps.conversations.markArchived(conversationId, at);
  return exportError === undefined ? { conversation, file } : { conversation, exportError };
}
