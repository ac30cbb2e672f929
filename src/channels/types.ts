/**
 * The seam between the channel core (senders, sessions, streaming) and one vendor's
 * transport. A transport turns the vendor's events into `InboundMessage`s and sends,
 * edits and splits nothing itself: the core decides what to send and when.
 */

/** A file attached to a chat message; fetched only when the sender is allowed. */
export interface InboundFile {
  /** The name to save it under (sanitised by the core). */
  name: string;
  /** Size in bytes when the vendor says it up front. */
  size?: number;
  /** Downloads the file, refusing more than `maxBytes`. */
  download(maxBytes: number): Promise<Uint8Array>;
  /**
   * The vendor's own transcript of a voice note (WeChat's `voice_item.text`): the turn's text,
   * instead of transcribing the file (which is still saved). One transcript, not two.
   */
  transcript?: string;
}

export interface InboundMessage {
  /** The vendor's id of this delivery; a redelivered event has the same one. */
  eventId: string;
  chatId: string;
  senderId: string;
  text: string;
  files: InboundFile[];
  /** True in a one-to-one chat with the sender (recorded for posting there later); vendors that need not tell leave it out. */
  direct?: boolean;
}

/** A button press on a message the bot sent (Telegram callback query, card action …). */
export interface InboundAction {
  /** The vendor's id of this delivery (deduplicated like messages). */
  eventId: string;
  chatId: string;
  senderId: string;
  /** The button's payload, as the core set it. */
  data: string;
  /** Shows the presser a short notice (a toast); failures are ignored. */
  acknowledge(text: string): Promise<void>;
}

export interface ActionButton {
  label: string;
  /** At most 64 bytes (Telegram's limit). */
  data: string;
}

/** A file the box sends to a chat: a picture (`image`, shown as one) or any other file. */
export interface OutboundFile {
  /** The name it is shown under (already safe). */
  name: string;
  data: Uint8Array;
  kind: 'image' | 'file';
}

/** What the core calls on a transport. Every method may throw; the core logs and carries on. */
export interface ChannelTransport {
  /** `telegram`, `lark`, `dingtalk`: prefix of per-chat session ids. */
  readonly name: string;
  /** Longest text one message may carry (the core splits longer answers). */
  readonly maxMessageChars: number;
  /**
   * Starts receiving; calls `onMessage` for each event (the core deduplicates), and
   * `onConnected` each time the connection to the vendor is (re)established, so the core can
   * re-post what it could not deliver while the vendor was unreachable.
   */
  start(
    onMessage: (message: InboundMessage) => void,
    onAction: (action: InboundAction) => void,
    onConnected?: () => void,
  ): void;
  /**
   * Sends a new message; resolves with its id, for `edit`. A failure carries the vendor's
   * answer when there was one (send-failure.ts): it tells a refusal from downtime.
   */
  send(chatId: string, text: string): Promise<string>;
  /**
   * Sends a message with one row of buttons; resolves with its id. Optional: without it the
   * core asks for approvals by a one-word reply (`同意`/`allow`, `总是`/`always`, `拒绝`/`deny`).
   */
  sendWithButtons?(chatId: string, text: string, buttons: ActionButton[]): Promise<string>;
  /**
   * Replaces the text of a message this transport sent (and removes its buttons). Optional:
   * without it an answer is sent once whole (after a "thinking" notice when the model is slow)
   * and a decided approval is posted as a new message. `final`: the last edit of a message sent
   * by `sendOpen` (its text is complete).
   */
  edit?(chatId: string, messageId: string, text: string, final?: boolean): Promise<void>;
  /**
   * Whether `edit` can change this message. Optional: without it every message the transport
   * sent can be. For vendors that edit only what `sendOpen` opened (QQ's and WeCom's streams):
   * a decided approval shown in another message is posted anew, through the outbox.
   */
  editable?(messageId: string): boolean;
  /**
   * Sends the first text of a streamed answer's message that stays open until an `edit` with
   * `final` closes it (WeCom's stream replies show as unfinished until then). Optional: without
   * it a streamed answer starts with `send`. Needs `edit`.
   */
  sendOpen?(chatId: string, text: string): Promise<string>;
  /**
   * Whether answers in this chat are streamed through `sendOpen`/`edit`. Optional: without it
   * every chat is. A chat where it says no is answered as by a transport without `edit` (QQ
   * streams direct chats only).
   */
  streams?(chatId: string): boolean;
  /**
   * Replaces a message sent by `sendWithButtons` with `text`, its buttons gone (a decided
   * approval). Optional: without it `edit` is used. For vendors whose button messages can be
   * updated but plain ones cannot (DingTalk's cards), so answers still arrive whole. Rejects when
   * the message cannot be updated: the decision is then posted through the outbox.
   */
  settleButtons?(chatId: string, messageId: string, text: string): Promise<void>;
  /**
   * Shows the chat that an answer is being made until the returned function is called
   * (WeChat's typing state). Optional: without it a slow answer gets a "thinking" notice
   * where messages cannot be edited. Failures are the transport's to log.
   */
  typing?(chatId: string): () => void;
  /**
   * Sends a voice note in `voiceFormat`, `ms` long; resolves with its id. Optional: only channels
   * whose apps play voice notes sent by a bot have it (spoken replies, docs/media.md).
   */
  sendVoice?(chatId: string, audio: Uint8Array, ms: number): Promise<string>;
  /** What `sendVoice` takes: Opus in Ogg (the default), or Tencent's SILK (WeChat, QQ). */
  readonly voiceFormat?: 'ogg' | 'silk';
  /**
   * Sends a picture or a file through the vendor's own upload; resolves with its id. Optional:
   * without it the chat is told where the file is saved instead (docs/channels.md, "Files out").
   */
  sendFile?(chatId: string, file: OutboundFile): Promise<string>;
  /** The kinds `sendFile` takes (default both); another kind is told as text, like no `sendFile`. */
  readonly fileKinds?: readonly OutboundFile['kind'][];
  /** Stops receiving and aborts what is in flight. */
  stop(): Promise<void>;
}
