/**
 * Approval requests as WeCom template cards (`button_interaction`): the request itself goes first
 * as Markdown (a card shows no code blocks and keeps its texts short), then a card with its title
 * and one button per answer, keys `b0`…`b2`, under a `task_id` unique to the card. A press comes
 * back as `template_card_event` with that task id and key; only cards this process sent count.
 *
 * WeCom lets the box replace a card only in answer to a press, within 5 s, with the press's own
 * req_id (`aibot_respond_update_msg`), once. So a press is remembered with its req_id: when the
 * decision follows at once it replaces the card for everyone (`text_notice`, no buttons); a press
 * that decides nothing (a stranger, a late one) replaces it for the presser only, with the notice.
 */
import { randomBytes } from 'node:crypto';
import { setBounded } from '../../util/bounded-map.js';
import type { ActionButton } from '../types.js';

const MAX_CARDS = 1000;
/** A press's req_id is taken for an update within this long (WeCom: 5 s). */
const PRESS_WINDOW_MS = 4500;
const TITLE_CHARS = 60;
const SUBTITLE_CHARS = 200;

export interface Press {
  reqId: string;
  at: number;
  userId: string;
  /** Its one update is spoken for. */
  used: boolean;
}

interface SentCard {
  chatId: string;
  buttons: ActionButton[];
  title: string;
  press?: Press;
}

const cut = (text: string, chars: number) => {
  const all = [...text];
  return all.length > chars ? `${all.slice(0, chars - 1).join('')}…` : text;
};

/** The text's lines without Markdown code fences, empty lines dropped. */
const plainLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('```'));

export type CardRegistry = ReturnType<typeof createCardRegistry>;

export function createCardRegistry(now: () => number = Date.now) {
  const cards = new Map<string, SentCard>();

  const notice = (taskId: string, title: string, text: string) => ({
    card_type: 'text_notice',
    main_title: { title: cut(title, TITLE_CHARS) },
    sub_title_text: cut(text, SUBTITLE_CHARS),
    task_id: taskId,
  });

  return {
    /** A new card for `text` with `buttons`: its task id and the `template_card` to send. */
    create(chatId: string, text: string, buttons: ActionButton[]) {
      const taskId = `aibox-${randomBytes(12).toString('hex')}`;
      const [title = '', ...rest] = plainLines(text);
      const card = {
        card_type: 'button_interaction',
        main_title: { title: cut(title, TITLE_CHARS) },
        sub_title_text: cut(rest.join(' '), SUBTITLE_CHARS),
        button_list: buttons.map((button, index) => ({ text: cut(button.label, 10), key: `b${index}` })),
        task_id: taskId,
      };
      // Known before it is sent: a press may come before the send's ack is read.
      setBounded(cards, taskId, { chatId, buttons, title }, MAX_CARDS);
      return { taskId, card };
    },

    /** A card that could not be sent. */
    forget(taskId: string) {
      cards.delete(taskId);
    },

    /** The press a card event stands for; undefined for a card or key this process does not know. */
    press(taskId: string, key: string, userId: string, reqId: string) {
      const card = cards.get(taskId);
      const button = card?.buttons[Number(/^b([0-2])$/.exec(key)?.[1] ?? Number.NaN)];
      if (!card || !button) return undefined;
      card.press = { reqId, at: now(), userId, used: false };
      return { chatId: card.chatId, data: button.data, press: card.press };
    },

    /**
     * The update that shows `text` on the card for everyone, with the req_id of a fresh press to
     * send it with; undefined when no press can carry it (then the decision is posted instead).
     */
    settle(taskId: string, text: string) {
      const card = cards.get(taskId);
      const press = card?.press;
      if (!card || !press || press.used || now() - press.at > PRESS_WINDOW_MS) return undefined;
      press.used = true;
      const lines = plainLines(text);
      return { reqId: press.reqId, card: notice(taskId, card.title, lines.at(-1) ?? '') };
    },

    /** The update that shows `text` to the presser alone, if the press's one update is still free. */
    tell(taskId: string, press: Press, text: string) {
      const card = cards.get(taskId);
      if (!card || press.used || now() - press.at > PRESS_WINDOW_MS) return undefined;
      press.used = true;
      return { reqId: press.reqId, card: notice(taskId, card.title, text), userIds: [press.userId] };
    },
  };
}
