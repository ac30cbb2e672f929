import { createPromptLoader } from '../prompts/prompt-loader.js';
import { commandMessages } from './messages.js';
import type { SlashCommand } from './types.js';

/**
 * `/reload_prompts`: re-reads the prompt directory and reports what will be used.
 * Sessions build the system prompt from the files at each turn, so edits apply
 * from the next turn.
 */
export const reloadPromptsCommand: SlashCommand<'paths' | 'clock' | 'logger'> = {
  name: 'reload_prompts',
  aliases: ['reload-prompts'],
  help: { zh: '重新读取提示词文件', en: 'Re-read the prompt files' },
  async run({ services, lang }) {
    const loader = createPromptLoader({
      dir: services.paths.prompts,
      lang,
      clock: services.clock,
      logger: services.logger,
    });
    const files = await loader.files();
    const names = files.map((f) => f.name);
    return {
      content: commandMessages(lang).promptsReloaded(files.length, names.join(', ')),
      data: { files: names },
    };
  },
};
