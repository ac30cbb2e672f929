/** Bundle entry of the quick `aibox skills search` (quick-entry.ts). */
export { searchSkills as action } from '../commands/skills-search.js';
export { reportError } from './quick-entry.js';
