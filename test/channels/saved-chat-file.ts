/** Checks that the last turn named a file saved from chat, and that the workspace holds it as sent. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Box } from '../server/harness.js';

/** `name`: the file's sanitised name as saved (e.g. `报表.txt`). Returns what the model was sent. */
export function expectSavedChatFile(box: Box, name: string, content: string): string {
  const sent = JSON.stringify(box.llm.requests.at(-1)?.body.messages);
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const saved = new RegExp(`chat-files/[^,\\]"\\\\]+${escaped}`).exec(sent)?.[0];
  expect(saved).toBeDefined();
  const path = join(box.home, 'workspace', saved as string);
  expect(existsSync(path)).toBe(true);
  expect(readFileSync(path, 'utf8')).toBe(content);
  return sent;
}
