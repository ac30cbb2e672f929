/**
 * Untrusted input (docs/memory-and-tasks.md, "Untrusted input"): the kinds of outside text a
 * memory came with. Tools name what their results carry (`web`, `file`, `command`,
 * `mcp:<server>`: `ToolResult.untrusted`); a message from a chat that is not the owner's is
 * `stranger`. A memory records them as data: a save is never refused for them.
 */
import { unionNames } from '../store/name-set.js';

/** The message came from a chat that is not the owner's (its memories are that chat's). */
export const STRANGER = 'stranger';

/**
 * What a memory saved now came with: what the model had read (`read`), and `stranger` when the
 * turn is a chat's that is not the owner's (`scope`: the chat, undefined for the owner's sessions).
 */
export function untrustedOfSave(
  read: readonly string[] | undefined,
  scope: string | null | undefined,
): string[] {
  return unionNames(read, scope ? [STRANGER] : []);
}
