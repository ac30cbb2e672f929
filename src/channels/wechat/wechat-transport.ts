/**
 * Personal WeChat over iLink: the stored QR login's bot token, a long poll of
 * `ilink/bot/getupdates` carrying the cursor (`get_updates_buf`, kept in the login file so a
 * restart goes on where it stopped), answers by `ilink/bot/sendmessage` as plain text with the
 * chat's last `context_token`, and the typing state (`getconfig` gives a typing ticket per
 * person, `sendtyping` status 1 while the answer is made, 2 after).
 *
 * Without a login, or once iLink says it expired (errcode -14: the file is marked), the channel
 * polls nothing and re-reads the login file every `loginCheckMs` until a new QR login (from
 * `aibox channels login wechat` or the page) replaces it. A failed poll (network, 5xx, a bad
 * answer) is retried with back-off; after one, and after a new login, a quick `getconfig` call
 * that iLink answers tells the core, which re-posts what waited. WeChat cannot edit a message or show buttons: answers arrive whole and
 * approvals are asked for by a reply word (the core does both when `edit`/`sendWithButtons` are absent).
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from '../../log/logger.js';
import { createBackoff } from '../../util/backoff.js';
import { setBounded } from '../../util/bounded-map.js';
import { sleep } from '../../util/sleep.js';
import type { TransportTuning } from '../channel-kind.js';
import type { ChannelTransport, OutboundFile } from '../types.js';
import { createWeChatApi, type WeChatApi, WeChatApiError } from './wechat-api.js';
import { parseWeixinMessage } from './wechat-inbound.js';
import { MAX_CONTEXTS, readWeChatLogin, updateWeChatLogin, type WeChatLogin } from './wechat-login-store.js';
import { plainText } from './wechat-plain-text.js';
import type { WeChatSettings } from './wechat-settings.js';
import { type UploadedMedia, uploadMedia } from './wechat-upload.js';

interface WeChatTransportOptions extends TransportTuning {
  settings: WeChatSettings;
  /** AIBOX_HOME: where the login file is. */
  home: string;
  /** Largest poll answer read: it may carry several messages of up to `server.max_frame_bytes` each. */
  maxPollBytes: number;
  logger: Logger;
}

/** The plugin of WeChat's own cuts text at 4,000 characters; so does the core here. */
const MAX_MESSAGE_CHARS = 4000;
const MAX_BATCH = 100;
const MIN_EMPTY_POLL_MS = 1000;
/** Chats whose context token and typing ticket are remembered (the oldest is forgotten first). */
const MAX_CHATS = 10_000;
const TICKET_TTL_MS = 3_600_000;
/** The typing state is given up after this long even if the answer is still being made. */
const MAX_TYPING_MS = 10 * 60_000;

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The session expired: the message waits (kept in the outbox) until the next login, so it is no refusal. */
class LoginMissingError extends Error {
  constructor(why: string) {
    super(`WeChat: ${why}; log in again with \`aibox channels login wechat\` or on the page`);
    this.name = 'LoginMissingError';
  }
}

export function createWeChatTransport(options: WeChatTransportOptions): ChannelTransport {
  const { settings, home, logger } = options;
  const stopper = new AbortController();
  const backoff = createBackoff(options.backoffInitialMs ?? 1000, options.backoffMaxMs ?? 60_000);
  const loginCheckMs = options.loginCheckMs ?? 5000;
  const typingEveryMs = options.typingEveryMs ?? 5000;
  let pollTimeoutMs = (options.pollTimeoutS ?? 35) * 1000;
  const contextTokens = new Map<string, string>();
  const tickets = new Map<string, { ticket: string; at: number }>();

  let login: WeChatLogin | undefined;
  let api: WeChatApi | undefined;
  /** The last broken-file error logged (the file is read at every poll: said once, not each time). */
  let brokenSaid = '';
  /** The login to use now: re-read from the file (a new QR login replaces it while the box runs). */
  function current(): WeChatLogin | undefined {
    let read: WeChatLogin | undefined;
    try {
      read = readWeChatLogin(home);
      brokenSaid = '';
    } catch (error) {
      if (describe(error) !== brokenSaid)
        logger.error({ error: describe(error) }, 'the WeChat login file is broken; log in again');
      brokenSaid = describe(error);
    }
    if (read?.botToken !== login?.botToken || read?.baseUrl !== login?.baseUrl) {
      login = read;
      // Another login may be another bot: only its own context tokens count.
      contextTokens.clear();
      for (const [user, token] of Object.entries(read?.contexts ?? {})) contextTokens.set(user, token);
      const root = settings.apiRootFixed || !read?.baseUrl ? settings.apiRoot : read.baseUrl;
      api = read ? createWeChatApi(root, () => login?.botToken) : undefined;
      if (read && !read.expiredAt) logger.info({ bot: read.botId }, 'WeChat login loaded');
    } else if (read) login = { ...read, cursor: login?.cursor ?? read.cursor }; // the file may lag a write in flight
    return login;
  }

  function markExpired(token: string): void {
    const at = new Date().toISOString();
    if (updateWeChatLogin(home, token, (l) => ({ ...l, expiredAt: at })))
      logger.error(
        'the WeChat login expired (iLink errcode -14); scan a new QR code: aibox channels login wechat',
      );
    if (login?.botToken === token) login = { ...login, expiredAt: at };
  }

  /** The newest context tokens, to keep across a restart. */
  const recentContexts = () => Object.fromEntries([...contextTokens].slice(-MAX_CONTEXTS));

  /**
   * Written at once, read-compare-write in one step: a write in the background could land after
   * a new QR login and put the old token back.
   */
  function saveCursor(token: string, cursor: string): void {
    if (login?.botToken === token) login = { ...login, cursor };
    try {
      updateWeChatLogin(home, token, (l) => ({ ...l, cursor, contexts: recentContexts() }));
    } catch (error) {
      logger.warn({ error: describe(error) }, 'saving the WeChat poll cursor failed');
    }
  }

  function deliver(raw: unknown, onMessage: Parameters<ChannelTransport['start']>[0]): void {
    try {
      const parsed = parseWeixinMessage(raw, { cdnRoot: settings.cdnRoot, signal: stopper.signal });
      if (parsed.contextToken) setBounded(contextTokens, parsed.senderId, parsed.contextToken, MAX_CHATS);
      if (parsed.inbound) onMessage(parsed.inbound);
      else logger.debug('a WeChat message not from a person in a direct chat ignored');
    } catch (error) {
      logger.warn({ error: describe(error) }, 'malformed WeChat message ignored');
    }
  }

  async function pollOnce(
    active: WeChatLogin,
    onMessage: Parameters<ChannelTransport['start']>[0],
  ): Promise<number> {
    const answer = await (api as WeChatApi).post(
      'getupdates',
      { get_updates_buf: active.cursor },
      { signal: stopper.signal, timeoutMs: pollTimeoutMs + 10_000, maxBytes: options.maxPollBytes },
    );
    const suggested = answer.longpolling_timeout_ms;
    if (typeof suggested === 'number' && suggested >= 1000 && suggested <= 120_000) pollTimeoutMs = suggested;
    const messages = Array.isArray(answer.msgs) ? answer.msgs.slice(0, MAX_BATCH) : [];
    if (answer.msgs !== undefined && !Array.isArray(answer.msgs))
      logger.warn('a WeChat poll answer with malformed msgs ignored');
    for (const raw of messages) deliver(raw, onMessage);
    const cursor = answer.get_updates_buf;
    if (typeof cursor === 'string' && cursor !== '' && cursor !== active.cursor && cursor.length <= 65_536)
      saveCursor(active.botToken, cursor);
    return messages.length;
  }

  /** Resolves once iLink answers (an answer refusing the call counts: it is reachable); throws when it does not or the login expired. */
  async function probe(active: WeChatLogin): Promise<void> {
    try {
      await (api as WeChatApi).post(
        'getconfig',
        { ilink_user_id: active.userId },
        { signal: stopper.signal, timeoutMs: 10_000 },
      );
    } catch (error) {
      if (
        !(error instanceof WeChatApiError) ||
        error.sessionExpired ||
        error.status >= 500 ||
        error.status === 429
      )
        throw error;
    }
  }

  async function run(
    onMessage: Parameters<ChannelTransport['start']>[0],
    onConnected: (() => void) | undefined,
  ): Promise<void> {
    let reachable = false;
    let waitingSaid = false;
    while (!stopper.signal.aborted) {
      const active = current();
      if (!active || active.expiredAt) {
        if (!waitingSaid)
          logger.warn(
            active
              ? 'WeChat login expired; waiting for a new QR login'
              : 'WeChat not logged in; waiting for a QR login',
          );
        waitingSaid = true;
        reachable = false;
        await sleep(loginCheckMs, stopper.signal).catch(() => undefined);
        continue;
      }
      waitingSaid = false;
      try {
        if (!reachable) {
          // The long poll may be held for 35 s: a quick call says at once that iLink is back.
          await probe(active);
          reachable = true;
          logger.info('WeChat connected');
          onConnected?.();
        }
        const started = Date.now();
        const count = await pollOnce(active, onMessage);
        backoff.reset();
        // A server that answers an empty poll at once (it should hold it) is not asked again at once.
        const early = MIN_EMPTY_POLL_MS - (Date.now() - started);
        if (count === 0 && early > 0) await sleep(early, stopper.signal).catch(() => undefined);
      } catch (error) {
        if (stopper.signal.aborted) return;
        if (error instanceof WeChatApiError && error.sessionExpired) {
          markExpired(active.botToken);
          continue;
        }
        reachable = false;
        const delay = backoff.next();
        logger.warn({ error: describe(error), retryInMs: delay }, 'WeChat poll failed; retrying');
        await sleep(delay, stopper.signal).catch(() => undefined);
      }
    }
  }

  /** The API and login to send with, or why there is none. */
  function sender(): { active: WeChatLogin; client: WeChatApi } {
    const active = current();
    if (!active || !api) throw new LoginMissingError('not logged in');
    if (active.expiredAt) throw new LoginMissingError('the login expired');
    return { active, client: api };
  }

  async function call(name: string, body: Record<string, unknown>, timeoutMs?: number) {
    const { active, client } = sender();
    try {
      return await client.post(name, body, { signal: stopper.signal, ...(timeoutMs ? { timeoutMs } : {}) });
    } catch (error) {
      if (error instanceof WeChatApiError && error.sessionExpired) {
        markExpired(active.botToken);
        throw new LoginMissingError('the login expired');
      }
      throw error;
    }
  }

  async function typingTicket(chatId: string): Promise<string | undefined> {
    const known = tickets.get(chatId);
    if (known && Date.now() - known.at < TICKET_TTL_MS) return known.ticket;
    const token = contextTokens.get(chatId);
    const answer = await call(
      'getconfig',
      { ilink_user_id: chatId, ...(token ? { context_token: token } : {}) },
      10_000,
    );
    const ticket =
      typeof answer.typing_ticket === 'string' && answer.typing_ticket.length <= 4096
        ? answer.typing_ticket
        : '';
    setBounded(tickets, chatId, { ticket, at: Date.now() }, MAX_CHATS);
    return ticket || undefined;
  }

  const setTyping = (chatId: string, ticket: string, status: 1 | 2) =>
    call('sendtyping', { ilink_user_id: chatId, typing_ticket: ticket, status }, 10_000).catch(
      (error: unknown) => logger.debug({ error: describe(error) }, 'WeChat typing state not sent'),
    );

  /** One `sendmessage` of one item to the chat, with its context token; resolves with the client id. */
  async function sendItem(chatId: string, item: Record<string, unknown>): Promise<string> {
    const clientId = `aibox-${randomUUID()}`;
    current(); // a login read anew brings its kept context tokens
    const token = contextTokens.get(chatId);
    await call('sendmessage', {
      msg: {
        from_user_id: '',
        to_user_id: chatId,
        client_id: clientId,
        message_type: 2,
        message_state: 2,
        item_list: [item],
        ...(token ? { context_token: token } : {}),
      },
    });
    return clientId;
  }

  const upload = (
    chatId: string,
    data: Uint8Array,
    kind: 'image' | 'file' | 'voice',
  ): Promise<UploadedMedia> =>
    uploadMedia({
      call: (name, body) => call(name, body),
      cdnRoot: settings.cdnRoot,
      toUserId: chatId,
      data,
      kind,
      signal: stopper.signal,
    });

  return {
    name: 'wechat',
    maxMessageChars: MAX_MESSAGE_CHARS,
    voiceFormat: 'silk',
    /** SILK (`encode_type` 6) on the CDN, sent as a voice item with its length. */
    async sendVoice(chatId, audio, ms) {
      const uploaded = await upload(chatId, audio, 'voice');
      return sendItem(chatId, {
        type: 3,
        voice_item: { media: uploaded.media, encode_type: 6, bits_per_sample: 16, playtime: Math.round(ms) },
      });
    },
    /** A picture as an image item (`mid_size`: its cipher text), anything else as a file item. */
    async sendFile(chatId, file: OutboundFile) {
      const uploaded = await upload(chatId, file.data, file.kind);
      return sendItem(
        chatId,
        file.kind === 'image'
          ? { type: 2, image_item: { media: uploaded.media, mid_size: uploaded.cipherSize } }
          : {
              type: 4,
              file_item: { media: uploaded.media, file_name: file.name, len: String(uploaded.rawSize) },
            },
      );
    },
    start(onMessage, _onAction, onConnected) {
      void run(onMessage, onConnected);
    },
    send: (chatId, text) => sendItem(chatId, { type: 1, text_item: { text: plainText(text) } }),
    typing(chatId) {
      let stopped = false;
      let timer: NodeJS.Timeout | undefined;
      const started = Date.now();
      const ticket = typingTicket(chatId).catch((error: unknown) => {
        logger.debug({ error: describe(error) }, 'no WeChat typing ticket');
        return undefined;
      });
      void ticket.then((t) => {
        if (!t || stopped) return;
        void setTyping(chatId, t, 1);
        timer = setInterval(() => {
          if (Date.now() - started > MAX_TYPING_MS) clearInterval(timer);
          else void setTyping(chatId, t, 1);
        }, typingEveryMs);
      });
      return () => {
        stopped = true;
        clearInterval(timer);
        void ticket.then((t) => (t ? setTyping(chatId, t, 2) : undefined));
      };
    },
    async stop() {
      stopper.abort();
    },
  };
}
