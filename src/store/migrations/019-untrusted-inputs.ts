import type { Migration } from '../migration.js';

/**
 * What outside text a memory or a message came with (docs/memory-and-tasks.md, "Untrusted
 * input"): a JSON array of kinds (`web`, `file`, `command`, `mcp:<server>`, `stranger`), NULL for
 * none and for every row before this step.
 * - `memories.untrusted`: what the model had read (tool results of its context, a message from a
 *   chat that is not the owner's) when it saved the memory, or what the conversations that
 *   consolidation made it from had read.
 * - `messages.untrusted`: on a tool result, the kind of outside text it carries; on a compression
 *   summary, every kind of the rows it stands for.
 */
export const untrustedInputsMigration: Migration = {
  version: 19,
  name: 'untrusted-inputs',
  up(db) {
    db.exec('ALTER TABLE memories ADD COLUMN untrusted TEXT');
    db.exec('ALTER TABLE messages ADD COLUMN untrusted TEXT');
  },
};
