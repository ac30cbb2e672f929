import type { Memory } from '../types.js';

/** The text of a memory that is embedded: what a search should find it by. */
export function memoryText(memory: Pick<Memory, 'topic' | 'summary' | 'content' | 'tags'>): string {
  const parts = [memory.topic, memory.summary, memory.content, memory.tags.join(' ')];
  return parts.filter((part) => part.trim()).join('\n');
}
