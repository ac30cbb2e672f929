/**
 * Which chats a scheduled task may post its results to: a chat of a channel Aibox knows whose
 * sender is allowed (a private chat with an allowed id), or a chat where an allowed sender has
 * spoken (a group). Nobody may make the box post to a stranger's chat, so anything else is
 * refused when it is set, with the reason.
 */
import type { Config } from '../config/schema.js';
import { AppError } from '../errors.js';
import type { Lang } from '../i18n/lang.js';
import type { NotifyTargets } from '../tasks/types.js';
import { type ChatChannel, createAllowedSenders } from './allowed-senders.js';
import { formatChatTarget, parseChatTarget } from './chat-target.js';
import { notifyTargetMessages } from './messages.js';
import type { SenderStore } from './sender-store.js';

interface NotifyTargetsOptions {
  /** Read at every check, so `/reload` applies a change of `allowed_ids`. */
  config: () => Config;
  env: NodeJS.ProcessEnv;
  senders: SenderStore;
  lang: Lang;
  /** The channels Aibox can run (`CHANNEL_KINDS`). */
  channels: readonly ChatChannel[];
}

export function createNotifyTargets(options: NotifyTargetsOptions): NotifyTargets {
  const t = notifyTargetMessages(options.lang);
  const allowed = createAllowedSenders(options);
  return {
    check(text) {
      const target = parseChatTarget(text);
      if (!target) {
        const names = options.channels.map((kind) => kind.name).join(', ');
        throw new AppError('bad_notify', t.badTarget(text, names));
      }
      const opener = options.senders.chatOpener(target.channel, target.chatId);
      const chatAllowed =
        allowed.isAllowed(target.channel, target.chatId) ||
        (opener !== undefined && allowed.isAllowed(target.channel, opener));
      if (!chatAllowed) throw new AppError('bad_notify', t.notAllowed(formatChatTarget(target)));
      return formatChatTarget(target);
    },
  };
}
