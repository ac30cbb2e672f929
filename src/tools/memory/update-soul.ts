/** update_soul: rewrites prompts/99_SOUL.md (effective from the next turn). */
import { SOUL_FILE } from '../../prompts/files.js';
import type { Tool } from '../tool.js';
import { createPromptFileTool, type PromptFileArgs, type PromptFileToolOptions } from './prompt-file-tool.js';

export function createUpdateSoulTool(options: PromptFileToolOptions): Tool<PromptFileArgs> {
  return createPromptFileTool({ name: 'update_soul', file: SOUL_FILE, kind: 'soul' }, options);
}
