/**
 * A fake Telegram Bot API on loopback, for the Telegram channel's tests: long-polled
 * `getUpdates`, `getMe`, `sendMessage` / `editMessageText` (MarkdownV2 checked the way
 * Telegram checks it), `getFile` and file downloads, `answerCallbackQuery` and
 * `editMessageReplyMarkup`, `sendVoice` (multipart, the audio kept in `voices`), `sendPhoto` and
 * `sendDocument` (multipart; the bytes kept in `uploads`, a photo over 10 MB or a document over 50
 * MB refused as Telegram does). Tests push updates, inject failures or garbage answers, drop the
 * long-poll connection, and wait on the recorded calls (never on time).
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createCallLog } from './call-log.js';
import { readBody } from './fake-llm.js';
import { readMultipart, type UploadedFile } from './multipart.js';

export interface FakeTelegramCall {
  method: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary fields of what was sent
  body: any;
}

export interface SentMessage {
  chatId: string;
  messageId: number;
  text: string;
  parseMode?: string;
  // biome-ignore lint/suspicious/noExplicitAny: inline keyboards as sent
  replyMarkup?: any;
  edits: number;
}

export interface FakeTelegram {
  /** For `channels.telegram.api_root`. */
  apiRoot: string;
  token: string;
  readonly calls: FakeTelegramCall[];
  /** Messages the bot sent, by message id. */
  readonly messages: Map<number, SentMessage>;
  /** Voice notes the bot sent (`sendVoice`), in order. */
  readonly voices: { chatId: string; data: Buffer }[];
  /** Photos and documents the bot uploaded (`sendPhoto`, `sendDocument`), in order. */
  readonly uploads: TelegramUpload[];
  /** Queues an update; `redeliver` keeps it even when the bot has confirmed its id already. */
  push(update: Record<string, unknown>, options?: { redeliver?: boolean }): number;
  /** A private text message from user `from` (chat id = user id); returns its update id. */
  say(from: number, text: string | undefined, extra?: Record<string, unknown>): number;
  /** User `from` presses the inline button with `data` under message `messageId`; returns the update id. */
  press(from: number, messageId: number, data: string): number;
  addFile(fileId: string, data: Uint8Array): void;
  /** The next `count` calls of `method` answer with HTTP `status`. */
  fail(method: string, status: number, count?: number, description?: string): void;
  /** The next `count` calls of `method` answer HTTP 200 with `body` as it is (a garbled answer). */
  garble(method: string, body: string, count?: number): void;
  /** Destroys every held getUpdates connection (a dropped network). */
  dropPolls(): void;
  /** Resolves with the first call (already made or future) for which `match` holds. */
  waitForCall(match: (call: FakeTelegramCall) => boolean): Promise<FakeTelegramCall>;
  close(): Promise<void>;
}

export interface TelegramUpload {
  method: 'sendPhoto' | 'sendDocument';
  chatId: string;
  messageId: number;
  /** The multipart file's name and bytes as they arrived. */
  name: string;
  data: Buffer;
}

/** Telegram's limits on what a bot uploads. */
const UPLOAD_LIMITS = { sendPhoto: 10 * 1024 * 1024, sendDocument: 50 * 1024 * 1024 } as const;

const SPECIAL = '_*[]()~`>#+-=|{}.!\\';

/** Telegram's MarkdownV2 rules, enough to refuse what Telegram refuses; returns an error or undefined. */
export function checkMarkdownV2(text: string): string | undefined {
  const open: string[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '\\') {
      i++;
      continue;
    }
    if (text.startsWith('```', i)) {
      const end = text.indexOf('```', i + 3);
      if (end === -1) return "can't parse entities: unclosed pre block";
      const inner = text.slice(i + 3, end);
      if (/(^|[^\\])(\\\\)*`/.test(inner)) return "can't parse entities: unescaped ` in pre";
      i = end + 2;
      continue;
    }
    if (c === '`') {
      const end = text.indexOf('`', i + 1);
      if (end === -1) return "can't parse entities: unclosed code";
      i = end;
      continue;
    }
    if (c === '*' || c === '_' || c === '~') {
      if (open.at(-1) === c) open.pop();
      else open.push(c);
      continue;
    }
    if (SPECIAL.includes(c)) return `can't parse entities: Character '${c}' is reserved and must be escaped`;
  }
  return open.length > 0 ? "can't parse entities: unclosed entity" : undefined;
}

interface QueuedUpdate {
  update: Record<string, unknown> & { update_id: number };
  redeliver: boolean;
}

interface Poll {
  offset: number;
  res: ServerResponse;
  timer: NodeJS.Timeout;
}

export async function startFakeTelegram(token = '123456:TEST-token'): Promise<FakeTelegram> {
  const log = createCallLog<FakeTelegramCall>();
  const messages = new Map<number, SentMessage>();
  const files = new Map<string, Uint8Array>();
  const voices: { chatId: string; data: Buffer }[] = [];
  const uploads: TelegramUpload[] = [];
  const failures = new Map<string, { status: number; count: number; description: string }>();
  const garbles = new Map<string, { body: string; count: number }>();
  let queue: QueuedUpdate[] = [];
  let polls: Poll[] = [];
  const sockets = new Set<Socket>();
  let nextUpdateId = 1000;
  let nextMessageId = 1;

  const reply = (res: ServerResponse, result: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ ok: true, result }));
  };
  const refuse = (res: ServerResponse, status: number, description: string) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ ok: false, error_code: status, description }));
  };

  const ready = (offset: number) => {
    queue = queue.filter((q) => q.redeliver || q.update.update_id >= offset);
    return queue;
  };
  const answerPoll = (poll: Poll) => {
    const updates = ready(poll.offset);
    clearTimeout(poll.timer);
    polls = polls.filter((p) => p !== poll);
    for (const q of updates) q.redeliver = false;
    reply(
      poll.res,
      updates.map((q) => q.update),
    );
  };

  function formatted(res: ServerResponse, body: FakeTelegramCall['body']): boolean {
    if (body.parse_mode !== 'MarkdownV2') return true;
    const problem = checkMarkdownV2(String(body.text));
    if (problem) refuse(res, 400, `Bad Request: ${problem}`);
    return problem === undefined;
  }

  function handle(method: string, body: FakeTelegramCall['body'], res: ServerResponse) {
    switch (method) {
      case 'getMe':
        return reply(res, { id: 999, is_bot: true, first_name: 'Aibox', username: 'aibox_test_bot' });
      case 'getUpdates': {
        const offset = Number(body.offset ?? 0);
        if (ready(offset).length > 0)
          return reply(
            res,
            ready(offset)
              .splice(0)
              .map((q) => q.update),
          );
        const poll: Poll = {
          offset,
          res,
          timer: setTimeout(() => answerPoll(poll), Number(body.timeout ?? 0) * 1000),
        };
        polls.push(poll);
        return;
      }
      case 'sendMessage': {
        if (!formatted(res, body)) return;
        const message: SentMessage = {
          chatId: String(body.chat_id),
          messageId: nextMessageId++,
          text: String(body.text),
          parseMode: body.parse_mode,
          replyMarkup: body.reply_markup,
          edits: 0,
        };
        messages.set(message.messageId, message);
        return reply(res, {
          message_id: message.messageId,
          date: 0,
          chat: { id: Number(body.chat_id), type: 'private' },
          text: message.text,
        });
      }
      case 'sendVoice': {
        const voice = body.voice as { data?: Buffer } | undefined;
        if (!voice?.data) return refuse(res, 400, 'Bad Request: there is no voice in the request');
        voices.push({ chatId: String(body.chat_id), data: voice.data });
        return reply(res, {
          message_id: nextMessageId++,
          date: 0,
          chat: { id: Number(body.chat_id), type: 'private' },
        });
      }
      case 'sendPhoto':
      case 'sendDocument': {
        const field = method === 'sendPhoto' ? 'photo' : 'document';
        const file = body[field] as UploadedFile | string | undefined;
        if (typeof file !== 'object' || !file.data?.length)
          return refuse(res, 400, `Bad Request: there is no ${field} in the request`);
        if (file.data.length > UPLOAD_LIMITS[method])
          return refuse(res, method === 'sendPhoto' ? 400 : 413, 'Bad Request: file is too big');
        const upload: TelegramUpload = {
          method,
          chatId: String(body.chat_id),
          messageId: nextMessageId++,
          name: file.name,
          data: file.data,
        };
        uploads.push(upload);
        return reply(res, {
          message_id: upload.messageId,
          date: 0,
          chat: { id: Number(body.chat_id), type: 'private' },
        });
      }
      case 'editMessageText': {
        const message = messages.get(Number(body.message_id));
        if (!message) return refuse(res, 400, 'Bad Request: message to edit not found');
        if (!formatted(res, body)) return;
        if (
          message.text === body.text &&
          JSON.stringify(message.replyMarkup) === JSON.stringify(body.reply_markup)
        )
          return refuse(res, 400, 'Bad Request: message is not modified');
        message.text = String(body.text);
        message.parseMode = body.parse_mode;
        message.replyMarkup = body.reply_markup;
        message.edits++;
        return reply(res, true);
      }
      case 'editMessageReplyMarkup': {
        const message = messages.get(Number(body.message_id));
        if (!message) return refuse(res, 400, 'Bad Request: message to edit not found');
        message.replyMarkup = body.reply_markup;
        return reply(res, true);
      }
      case 'answerCallbackQuery':
        return reply(res, true);
      case 'getFile': {
        if (!files.has(String(body.file_id))) return refuse(res, 400, 'Bad Request: invalid file_id');
        const data = files.get(String(body.file_id)) as Uint8Array;
        return reply(res, {
          file_id: body.file_id,
          file_unique_id: body.file_id,
          file_size: data.byteLength,
          file_path: `documents/${body.file_id}`,
        });
      }
      default:
        return refuse(res, 404, 'Not Found: method not found');
    }
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const fileMatch = /^\/file\/bot([^/]+)\/documents\/(.+)$/.exec(url.pathname);
    if (fileMatch) {
      const data = fileMatch[1] === token ? files.get(decodeURIComponent(fileMatch[2] as string)) : undefined;
      if (!data) return refuse(res, 404, 'Not Found');
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.end(data);
      return;
    }
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(url.pathname);
    const contentType = req.headers['content-type'] ?? '';
    const multipart = contentType.startsWith('multipart/form-data');
    const text = multipart ? '' : await readBody(req);
    if (!match) return refuse(res, 404, 'Not Found');
    if (match[1] !== token) return refuse(res, 401, 'Unauthorized');
    const method = match[2] as string;
    let body: FakeTelegramCall['body'] = {};
    try {
      body = multipart
        ? await readMultipart(req, contentType)
        : text
          ? JSON.parse(text)
          : Object.fromEntries(url.searchParams);
    } catch {
      return refuse(res, 400, 'Bad Request: invalid JSON');
    }
    log.record({ method, body });
    const garble = garbles.get(method);
    if (garble && garble.count > 0) {
      garble.count--;
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(garble.body);
    }
    const failure = failures.get(method);
    if (failure && failure.count > 0) {
      failure.count--;
      return refuse(res, failure.status, failure.description);
    }
    handle(method, body, res);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const push: FakeTelegram['push'] = (update, options = {}) => {
    const update_id = typeof update.update_id === 'number' ? update.update_id : nextUpdateId++;
    queue.push({ update: { ...update, update_id }, redeliver: options.redeliver ?? false });
    for (const poll of [...polls]) if (ready(poll.offset).length > 0) answerPoll(poll);
    return update_id;
  };

  return {
    apiRoot: `http://127.0.0.1:${port}`,
    token,
    calls: log.calls,
    messages,
    voices,
    uploads,
    push,
    say(from, text, extra = {}) {
      return push({
        message: {
          message_id: nextUpdateId,
          date: 0,
          chat: { id: from, type: 'private' },
          from: { id: from, is_bot: false, first_name: `user${from}` },
          text,
          ...extra,
        },
      });
    },
    press(from, messageId, data) {
      const message = messages.get(messageId);
      return push({
        callback_query: {
          id: `cq-${nextUpdateId}`,
          from: { id: from, is_bot: false, first_name: `user${from}` },
          chat_instance: 'ci',
          data,
          message: {
            message_id: messageId,
            date: 0,
            chat: { id: Number(message?.chatId ?? from), type: 'private' },
            text: message?.text ?? '',
          },
        },
      });
    },
    addFile(fileId, data) {
      files.set(fileId, data);
    },
    fail(method, status, count = 1, description = 'Internal Server Error') {
      failures.set(method, { status, count, description });
    },
    garble(method, body, count = 1) {
      garbles.set(method, { body, count });
    },
    dropPolls() {
      for (const poll of polls.splice(0)) {
        clearTimeout(poll.timer);
        poll.res.socket?.destroy();
      }
    },
    waitForCall: (match) => log.waitFor(match),
    async close() {
      for (const poll of polls.splice(0)) clearTimeout(poll.timer);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
