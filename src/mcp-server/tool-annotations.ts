/**
 * The hints each served tool carries in `tools/list` (MCP tool annotations). They are what the
 * tool does, for the client's own approval prompts; the box's safety decision does not rely on
 * what a client does with them.
 */
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { Lang } from '../i18n/lang.js';
import { mcpServerMessages } from './messages.js';

const READ_ONLY: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

const ANNOTATIONS: Record<string, ToolAnnotations> = {
  search_skills: { ...READ_ONLY },
  show_skill: { ...READ_ONLY },
  // A skill is a program: it may change files or reach the network.
  run_skill: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  memory_search: { ...READ_ONLY },
  memory_save: {
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: false,
    openWorldHint: false,
  },
  // `delete` and `complete` change existing tasks.
  tasks: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  // A whole agent turn: any of the box's tools may run, under its own safety decision.
  ask: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
};

export function annotationsOf(name: string, lang: Lang): ToolAnnotations | undefined {
  const hints = ANNOTATIONS[name];
  const title = mcpServerMessages(lang).title(name);
  return hints && { ...(title ? { title } : {}), ...hints };
}
