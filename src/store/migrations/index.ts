import type { Migration } from '../migration.js';
import { conversationsMigration } from './001-conversations.js';
import { memoriesMigration } from './002-memories.js';
import { tasksMigration } from './003-tasks.js';
import { runDenialsMigration } from './004-run-denials.js';
import { taskNotifyMigration } from './005-task-notify.js';
import { memoryVectorsMigration } from './006-memory-vectors.js';
import { memoryVectorStaleMigration } from './007-memory-vector-stale.js';
import { usageMigration } from './008-usage.js';
import { taskPreCheckMigration } from './009-task-pre-check.js';
import { taskRunCapMigration } from './011-task-run-cap.js';
import { memoryChatMigration } from './012-memory-chat.js';
import { messageIndexMigration } from './013-message-index.js';
import { messageAttachmentsMigration } from './014-message-attachments.js';
import { memoryProvenanceMigration } from './015-memory-provenance.js';
import { memoryKindsMigration } from './016-memory-kinds.js';
import { messageVectorsMigration } from './017-message-vectors.js';
import { messageIndexSessionMigration } from './018-message-index-session.js';
import { untrustedInputsMigration } from './019-untrusted-inputs.js';

/** Every schema step, in order. Add new ones at the end; never edit an applied one. */
export const MIGRATIONS: Migration[] = [
  conversationsMigration,
  memoriesMigration,
  tasksMigration,
  runDenialsMigration,
  taskNotifyMigration,
  memoryVectorsMigration,
  memoryVectorStaleMigration,
  usageMigration,
  taskPreCheckMigration,
  taskRunCapMigration,
  memoryChatMigration,
  messageIndexMigration,
  messageAttachmentsMigration,
  memoryProvenanceMigration,
  memoryKindsMigration,
  messageVectorsMigration,
  messageIndexSessionMigration,
  untrustedInputsMigration,
];
