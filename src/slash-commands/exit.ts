import { commandMessages } from './messages.js';
import type { SlashCommand } from './types.js';

/** `/exit`: says goodbye; the server then closes this client's connection. */
export const exitCommand: SlashCommand<never> = {
  name: 'exit',
  aliases: ['quit'],
  help: { zh: '断开本客户端', en: 'Disconnect this client' },
  async run({ lang }) {
    return { content: commandMessages(lang).bye, close: true };
  },
};
