/** update_identity: rewrites prompts/00_IDENTITY.md (effective from the next turn). */
import { IDENTITY_FILE } from '../../prompts/files.js';
import type { Tool } from '../tool.js';
import { createPromptFileTool, type PromptFileArgs, type PromptFileToolOptions } from './prompt-file-tool.js';

export function createUpdateIdentityTool(options: PromptFileToolOptions): Tool<PromptFileArgs> {
  return createPromptFileTool({ name: 'update_identity', file: IDENTITY_FILE, kind: 'identity' }, options);
}
