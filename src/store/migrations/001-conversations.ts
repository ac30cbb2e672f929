import type { Migration } from '../migration.js';

/**
 * Conversations and their messages. A conversation belongs to one session
 * (`main`, `cli`, `task-<id>` …); at most one per session is not archived.
 * Messages are written one by one as they happen. Compression never deletes a
 * row: the rows it summarised get `compressed_into` = the id of the summary row
 * (kind `summary`), so the transcript stays complete while the model sees the
 * summary instead. Times are ISO 8601 with offset.
 */
export const conversationsMigration: Migration = {
  version: 1,
  name: 'conversations',
  up(db) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS conversations (
        id TEXT PRIMARY KEY,
        session_id TEXT NOT NULL,
        started_at TEXT NOT NULL,
        ended_at TEXT,
        archived_at TEXT,
        topic TEXT NOT NULL DEFAULT '',
        status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'ended', 'archived'))
      );
      CREATE INDEX IF NOT EXISTS idx_conversations_session ON conversations (session_id, status);
      CREATE INDEX IF NOT EXISTS idx_conversations_started ON conversations (started_at);

      CREATE TABLE IF NOT EXISTS messages (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('system', 'user', 'assistant', 'tool')),
        kind TEXT NOT NULL DEFAULT 'message' CHECK (kind IN ('message', 'summary')),
        content TEXT,
        tool_calls TEXT,
        tool_call_id TEXT,
        tool_name TEXT,
        reasoning TEXT,
        turn_id TEXT,
        created_at TEXT NOT NULL,
        compressed_into INTEGER REFERENCES messages (id),
        UNIQUE (conversation_id, seq)
      );
      CREATE INDEX IF NOT EXISTS idx_messages_live ON messages (conversation_id, compressed_into, seq);
    `);
  },
};
