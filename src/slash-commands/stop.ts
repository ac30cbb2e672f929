import { commandMessages } from './messages.js';
import type { SlashCommand } from './types.js';

/** `/stop`: aborts the running turn of this session (model stream and running commands). */
export const stopCommand: SlashCommand<never> = {
  name: 'stop',
  aliases: ['abort'],
  help: { zh: '中止正在运行的回合', en: 'Abort the running turn' },
  async run({ session, lang }) {
    const t = commandMessages(lang);
    const aborted = session.abort();
    return { content: aborted ? t.stopDone : t.stopIdle, data: { aborted } };
  },
};
