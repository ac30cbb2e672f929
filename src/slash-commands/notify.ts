/**
 * `/notify ID TARGET`: the chat task ID posts each run's result to. TARGET is `telegram:42`
 * (any allowed chat), `here` (the chat this is typed in) or `off`. The task store refuses a
 * chat that is not allowed, so this can never make the box post to a stranger.
 */
import { chatOfSession, formatChatTarget } from '../chats/chat-target.js';
import { wireCodeOf } from '../error-codes.js';
import { isAppError } from '../errors.js';
import { taskFrameMessages } from '../tasks/messages.js';
import { notifyCommandMessages } from './messages.js';
import type { SlashCommand } from './types.js';

export const notifyCommand: SlashCommand<'tasks'> = {
  name: 'notify',
  help: {
    zh: '设置任务结果发到哪个聊天（here / off / 渠道:id）',
    en: 'Where a task posts its results (here / off / channel:id)',
  },
  usage: '/notify ID TARGET',
  async run({ services, session, lang, args }) {
    const t = notifyCommandMessages(lang);
    const match = /^#?(\d+)\s+(\S+)$/.exec(args);
    if (!match) return { content: t.usage, data: { ok: false, error: wireCodeOf('bad_argument') } };
    const id = Number(match[1]);
    const word = match[2] as string;
    let target: string | null = word;
    if (/^(off|none|关闭)$/i.test(word)) target = null;
    else if (/^(here|这里)$/i.test(word)) {
      const chat = chatOfSession(session.id);
      if (!chat) return { content: t.notAChat, data: { ok: false, error: wireCodeOf('bad_notify') } };
      target = formatChatTarget(chat);
    }
    if (services.tasks.get(id)?.status !== 'active')
      return {
        content: taskFrameMessages(lang).noActiveTask(id),
        data: { ok: false, error: wireCodeOf('task_not_found') },
      };
    try {
      const task = services.tasks.update(id, { notify: target });
      const said = taskFrameMessages(lang);
      return {
        content: task.notify ? said.notifySet(id, task.notify) : said.notifyCleared(id),
        data: { ok: true, task_id: id, notify: task.notify },
      };
    } catch (error) {
      if (isAppError(error, 'bad_notify'))
        return { content: `❌ ${error.message}`, data: { ok: false, error: wireCodeOf(error.code) } };
      throw error;
    }
  },
};
