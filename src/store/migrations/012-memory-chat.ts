import type { Migration } from '../migration.js';

/**
 * The chat a memory belongs to (`memories.chat`, e.g. `telegram:42`): saved in a paired chat's
 * session, it is that chat's and shown only there; NULL is the owner's (the page, the terminal,
 * chats listed in `memory.owner_chats`), as every memory saved before this step.
 */
export const memoryChatMigration: Migration = {
  version: 12,
  name: 'memory-chat',
  up(db) {
    db.exec('ALTER TABLE memories ADD COLUMN chat TEXT');
    db.exec('CREATE INDEX memories_chat ON memories (chat, created_at) WHERE chat IS NOT NULL');
  },
};
