/**
 * Approvals in a chat: the requests of the sessions a chat may answer (its own turns, a task
 * that posts to it) shown with buttons, or with a one-word reply where buttons cannot be sent;
 * each edited in place once decided (or the decision posted where messages cannot be edited); the
 * chat's answers (a button, a word) handed to the approval broker with the sessions it may decide.
 */
import type { Lang } from '../../i18n/lang.js';
import type { Logger } from '../../log/logger.js';
import { errorsText } from '../../protocol/form-text.js';
import type {
  AnswerResult,
  ApprovalBroker,
  ApprovalEvent,
  PendingApproval,
} from '../../safety/approvals/approval-broker.js';
import type { ApprovalAnswer, ApprovalRequest, AskedForm } from '../../safety/types.js';
import { type ChannelMessages, channelMessages } from '../messages.js';
import type { ChannelTransport, InboundAction, InboundMessage } from '../types.js';
import { approvalButtons, approvalText, decidedText, parseApprovalData } from './approval-prompt.js';
import {
  cancelCode,
  formDecidedText,
  formReplyHint,
  formText,
  readFormReply,
  replyCode,
} from './form-prompt.js';
import { createWordApprovals, replyWordsHint, type WordReading } from './word-approvals.js';

interface ChatApprovalsOptions {
  transport: ChannelTransport;
  approvals: Pick<ApprovalBroker, 'attach' | 'answer' | 'answerForm'>;
  logger: Logger;
  /** The language the chat last wrote in. */
  langOf(chatId: string): Lang;
  /** The session the chat's own turns run in (its requests are always the chat's to answer). */
  sessionIdFor(chatId: string): string;
  /** Sends, or keeps for later while the vendor is unreachable. */
  post(chatId: string, text: string): Promise<void>;
}

/** The chat message showing an approval request, and whether it has buttons. */
interface ShownApproval {
  id: string;
  buttons: boolean;
}

export interface ChatApprovals {
  /**
   * Lets the chat answer the approval requests of `sessionId` (shown with buttons, `heading`
   * above each) until the returned function is called. Its own turns use it; so does a task's
   * run that posts its result to this chat (docs/channels.md, "Approvals from the chat").
   */
  askIn(
    chatId: string,
    sessionId: string,
    heading?: string,
    accepts?: (request: ApprovalRequest) => boolean,
  ): () => void;
  /** Whether a message of the chat is a one-word answer (or names one); `none` when it is not. */
  read(chatId: string, text: string): WordReading;
  answerWord(message: InboundMessage, word: WordReading, t: ChannelMessages): Promise<void>;
  /** A reply that fills in a form shown in the chat; false when the message is not one. */
  answerFormReply(message: InboundMessage, t: ChannelMessages): Promise<boolean>;
  /** A button press of an allowed sender. */
  answerButton(action: InboundAction): Promise<void>;
}

export function createChatApprovals(options: ChatApprovalsOptions): ChatApprovals {
  const { transport, logger, langOf } = options;
  /** Chat → sessions whose approval requests it may answer now (a session once per `askIn`). */
  const askable = new Map<string, string[]>();

  /** Approval id → the chat message showing it (a promise: the send may still be in flight). */
  const approvalMessages = new Map<string, Promise<ShownApproval | undefined>>();

  /** Requests shown without buttons (none, or sending them failed): a one-word reply answers them. */
  const wordApprovals = createWordApprovals();
  /** Approval id → the form of a request shown in a chat (filled in by a reply). */
  const forms = new Map<string, AskedForm>();

  const sendApproval = async (
    chatId: string,
    pending: PendingApproval,
    t: ChannelMessages,
    text: string,
  ): Promise<ShownApproval> => {
    const { form } = pending.request;
    // A form is filled in by a reply (form-prompt.ts), never by buttons.
    if (transport.sendWithButtons && !form) {
      try {
        const id = await transport.sendWithButtons(chatId, text, approvalButtons(pending, t));
        return { id, buttons: true };
      } catch (error) {
        logger.warn({ err: error }, 'sending approval buttons failed; asking for a one-word reply instead');
      }
    }
    const code = wordApprovals.add(chatId, pending);
    try {
      return {
        id: await transport.send(
          chatId,
          `${text}\n\n${form ? formReplyHint(form, code, t) : replyWordsHint(pending, code, t)}`,
        ),
        buttons: false,
      };
    } catch (error) {
      // The chat never saw it: no word typed there may answer it.
      wordApprovals.remove(pending.approvalId);
      throw error;
    }
  };

  /** Changes the request's message into the decision; false where that message cannot change. */
  const decideInPlace = async (chatId: string, shown: ShownApproval, text: string) => {
    if (shown.buttons && transport.settleButtons) await transport.settleButtons(chatId, shown.id, text);
    else if (transport.edit && (transport.editable?.(shown.id) ?? true))
      await transport.edit(chatId, shown.id, text);
    else return false;
    return true;
  };

  /**
   * Shows the decision on the request's message, or posts it where that cannot be edited or the
   * edit failed (like any reply: through the outbox, which retries, behind what waits for the chat).
   */
  const showDecision = async (chatId: string, shown: ShownApproval, text: string) => {
    const changed = await decideInPlace(chatId, shown, text).catch((error: unknown) => {
      logger.warn({ err: error }, 'updating an approval message failed; posting the decision');
      return false;
    });
    if (!changed) await options.post(chatId, text);
  };

  /**
   * Shows the session's approval requests in the chat, and once decided edits each in place
   * (or, where messages cannot be edited, posts the decision).
   */
  const showApproval = (chatId: string, event: ApprovalEvent, heading: string) => {
    const lang = langOf(chatId);
    const t = channelMessages(lang);
    const above = (text: string) => (heading ? `${heading}\n${text}` : text);
    const { form } = event.type === 'requested' ? event.pending.request : event.request;
    if (event.type === 'requested') {
      const { pending } = event;
      const shown = form ? formText(form, t, lang) : approvalText(pending.request, t);
      if (form) forms.set(pending.approvalId, form);
      const sent = sendApproval(chatId, pending, t, above(shown)).catch((error: unknown) => {
        logger.warn({ err: error }, 'sending an approval request to the chat failed');
        return undefined;
      });
      approvalMessages.set(pending.approvalId, sent);
      return;
    }
    const shown = approvalMessages.get(event.approvalId);
    if (!shown) return;
    approvalMessages.delete(event.approvalId);
    forms.delete(event.approvalId);
    const code = wordApprovals.remove(event.approvalId);
    void shown.then(async (message) => {
      if (message === undefined) return;
      const decided = form
        ? formDecidedText(form, event.outcome, t, lang)
        : decidedText(event.request, event.outcome, t);
      const text = above(code ? `${t.approvalCode(code)}\n${decided}` : decided);
      await showDecision(chatId, message, text).catch((error: unknown) =>
        logger.warn({ err: error }, 'posting an approval decision failed'),
      );
    });
  };

  const askIn = (
    chatId: string,
    sessionId: string,
    heading = '',
    accepts: (request: ApprovalRequest) => boolean = () => true,
  ) => {
    const sessions = askable.get(chatId) ?? [];
    askable.set(chatId, [...sessions, sessionId]);
    const detach = options.approvals.attach(sessionId, (event) => {
      if (event.type !== 'requested' || accepts(event.pending.request)) showApproval(chatId, event, heading);
    });
    return () => {
      detach();
      const left = [...(askable.get(chatId) ?? [])];
      left.splice(left.indexOf(sessionId), 1);
      if (left.length > 0) askable.set(chatId, left);
      else askable.delete(chatId);
    };
  };

  /** Who answers from the chat, and the sessions whose requests the chat may decide. */
  const answerer = (chatId: string, senderId: string) => ({
    by: `${transport.name}:${senderId}`,
    sessions: new Set([options.sessionIdFor(chatId), ...(askable.get(chatId) ?? [])]),
  });

  /** What to tell the person who answered. */
  const noticeOf = (result: AnswerResult, t: ChannelMessages, lang: Lang) => {
    if (result.status === 'invalid') return t.formInvalid(errorsText(result.errors, lang));
    const notice = {
      accepted: t.approvalAccepted,
      already_decided: t.approvalTooLate,
      unknown: t.approvalUnknown,
    };
    return notice[result.status];
  };

  /** Answers an approval from the chat; resolves with what to tell the person who answered. */
  function answerApproval(chatId: string, senderId: string, approvalId: string, answer: ApprovalAnswer) {
    const lang = langOf(chatId);
    const { by, sessions } = answerer(chatId, senderId);
    const result = options.approvals.answer(approvalId, answer, by, sessions);
    logger.info({ approval: approvalId, answer, by, status: result.status }, 'approval answered from chat');
    return noticeOf(result, channelMessages(lang), lang);
  }

  /** A reply filling in a form shown in the chat (form-prompt.ts); false when the message is not one. */
  async function answerFormReply(message: InboundMessage, t: ChannelMessages): Promise<boolean> {
    const cancelled = cancelCode(message.text);
    const reply = cancelled ? undefined : replyCode(message.text);
    const code = cancelled ?? reply?.code;
    const approvalId = code && wordApprovals.find(message.chatId, code);
    const form = approvalId ? forms.get(approvalId) : undefined;
    if (!approvalId || !form) return false;
    const lang = langOf(message.chatId);
    const read = reply ? readFormReply(form, reply) : undefined;
    if (read && 'errors' in read) {
      await options.post(message.chatId, t.formInvalid(errorsText(read.errors, lang)));
      return true;
    }
    const { by, sessions } = answerer(message.chatId, message.senderId);
    const result = options.approvals.answerForm(
      approvalId,
      read ? { action: 'accept', content: read.values } : { action: 'cancel' },
      by,
      sessions,
    );
    // Values are not logged: they are the person's.
    logger.info({ approval: approvalId, by, status: result.status }, 'form answered from chat');
    if (result.status !== 'accepted') await options.post(message.chatId, noticeOf(result, t, lang));
    return true;
  }

  /** A one-word answer (word-approvals.ts): decides the request it names, or asks which one. */
  async function answerWord(message: InboundMessage, word: WordReading, t: ChannelMessages): Promise<void> {
    if (word.kind === 'answer') {
      const notice = answerApproval(message.chatId, message.senderId, word.approvalId, word.answer);
      // An accepted answer is shown by the decision message; anything else is said here.
      if (notice !== t.approvalAccepted) await options.post(message.chatId, notice);
    } else if (word.kind === 'too_late') {
      await options.post(message.chatId, `${t.approvalCode(word.code)}: ${t.approvalTooLate}`);
    } else if (word.kind === 'which') {
      const lines = word.waiting.map((w) => `${w.code}: ${w.summary}`).join('\n');
      await options.post(message.chatId, t.approvalWhich(word.waiting[0]?.code ?? '', lines, word.named));
    }
  }

  async function answerButton(action: InboundAction): Promise<void> {
    const parsed = parseApprovalData(action.data);
    if (!parsed) return action.acknowledge(channelMessages(langOf(action.chatId)).approvalUnknown);
    await action.acknowledge(
      answerApproval(action.chatId, action.senderId, parsed.approvalId, parsed.answer),
    );
  }

  return {
    askIn,
    read: (chatId, text) => wordApprovals.read(chatId, text),
    answerWord,
    answerFormReply,
    answerButton,
  };
}
