/** Bundle entry of the quick `aibox memory search` (quick-entry.ts). */
export { searchMemories as action } from '../commands/memory.js';
export { reportError } from './quick-entry.js';
