import type { Migration } from '../migration.js';

/**
 * What came with a message besides its text (pictures, saved files): a JSON array of references
 * (`conversations/types.ts` `StoredAttachment`), never the bytes; null for every message before.
 */
export const messageAttachmentsMigration: Migration = {
  version: 14,
  name: 'message-attachments',
  up(db) {
    db.exec('ALTER TABLE messages ADD COLUMN attachments TEXT');
  },
};
