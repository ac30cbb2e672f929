import type { Memory, MemoryScope } from './types.js';

/** Whether `memory` is one that `scope` sees (absent scope: every memory). */
export function inScope(memory: Pick<Memory, 'chat'>, scope: MemoryScope): boolean {
  return scope === undefined || memory.chat === scope;
}
