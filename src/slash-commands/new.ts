import { commandMessages } from './messages.js';
import type { SlashCommand } from './types.js';

/** `/new`: archives this session's conversation and starts a fresh one (clients get `dialogue_reset`). */
export const newCommand: SlashCommand<never> = {
  name: 'new',
  aliases: ['reset'],
  help: { zh: '归档当前对话并开始新对话', en: 'Archive the conversation and start a new one' },
  async run({ session, lang }) {
    await session.reset();
    return { content: commandMessages(lang).newDone, data: { session: session.id } };
  },
};
