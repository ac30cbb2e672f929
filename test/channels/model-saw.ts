/** Assertions on what a channel passed to the model, shared by the vendors' end-to-end tests. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Box } from '../server/harness.js';

/** The messages of the model's last request, as JSON text. */
export const lastSent = (box: Box): string => JSON.stringify(box.llm.requests.at(-1)?.body.messages);

/** The last request names a file saved under `chat-files/` ending in `name`, and the file holds `content`. */
export function expectSavedChatFile(box: Box, name: string, content: string): void {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const saved = new RegExp(`chat-files/[^,\\]"\\\\]+${escaped}`).exec(lastSent(box))?.[0];
  expect(saved).toBeDefined();
  expect(readFileSync(join(box.home, 'workspace', saved as string), 'utf8')).toBe(content);
}

/**
 * Of the group messages since `requestsBefore`, only the one for the bot reached the model
 * (`said`, without the mention), in the group's own session.
 */
export function expectOnlyMentionReached(
  box: Box,
  requestsBefore: number,
  said: string,
  unsaid: string,
  sessionId: string,
): void {
  expect(box.llm.requests.length).toBe(requestsBefore + 1);
  expect(lastSent(box)).toContain(JSON.stringify(said));
  expect(lastSent(box)).not.toContain(unsaid);
  expect(box.app.sessions.ids()).toContain(sessionId);
}
