/** The small, stateless pieces of the conversation: a user's message and the empty-chat welcome. */
import { formatTime, h } from './dom.js';
import type { Messages } from './i18n.js';

export interface UserBubble {
  content: string;
  /** ISO time shown under the bubble. */
  at?: string | undefined;
  /** e.g. "queued". */
  badge?: string | undefined;
  source?: string | undefined;
}

export function renderUserBubble(t: Messages, lang: string, bubble: UserBubble): HTMLElement {
  const fromTask = bubble.source === 'task';
  return h(
    'div',
    { class: `msg user${fromTask ? ' from-task' : ''}` },
    h('div', { class: 'bubble' }, bubble.content),
    h(
      'div',
      { class: 'msg-meta' },
      fromTask ? t.taskTurn : null,
      bubble.at ? formatTime(bubble.at, lang) : null,
      bubble.badge ? h('span', { class: 'badge' }, bubble.badge) : null,
    ),
  );
}

export function emptyChat(t: Messages): HTMLElement {
  return h(
    'div',
    { class: 'chat-empty' },
    h('div', { class: 'chat-empty-title' }, t.emptyChat),
    h('div', {}, t.emptyChatHint),
  );
}
