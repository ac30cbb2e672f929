/**
 * A fake WeCom intelligent robot on loopback, for the WeCom channel's tests, speaking the long
 * connection's wire format (JSON text frames `{ cmd, headers: { req_id }, body }` on one
 * WebSocket, each frame of the client answered by an ack `{ headers: { req_id }, errcode, errmsg }`):
 * - `aibot_subscribe` with `bot_id` and `secret` (anything else is refused with an errcode);
 * - `ping` (acked, unless the fake is told to stay silent);
 * - pushes `aibot_msg_callback` (messages) and `aibot_event_callback` (card presses, the
 *   `disconnected_event` a newer connection causes);
 * - `aibot_respond_msg` stream replies: only to a message's req_id (else 846605), the same
 *   `stream.id` updated with the whole text, closed by `finish`, at most 20,480 bytes, refused
 *   with 846608 once the fake says streams expired;
 * - `aibot_upload_media_init` / `_chunk` / `_finish` (the chunks checked against the declared size,
 *   count and md5) and `aibot_send_msg` of an `image` or `file` naming the `media_id` handed out;
 * - `aibot_send_msg` (Markdown or a template card) and `aibot_respond_update_msg` (only with a
 *   card press's req_id, within 5 s, once);
 * - media files served over http, encrypted as WeCom does (AES-256-CBC, the key's first 16
 *   bytes as IV, PKCS#7 padding to 32 bytes).
 * Tests wait on the recorded events (never on time).
 */
import { createCipheriv, createHash, randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';

export const FAKE_STREAM_LIMIT = 20_480;

/** What a chat shows: a Markdown message, or a stream reply as it stands. */
export interface Shown {
  chatId: string;
  via: 'send' | 'stream';
  text: string;
  /** A stream's id (a sent message's own id otherwise). */
  id: string;
  finished: boolean;
}

export interface FakeCard {
  chatId: string;
  taskId: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read what the client sent
  card: any;
}

export type FakeWeComEvent =
  | { kind: 'subscribe'; ok: boolean; connection: number }
  | { kind: 'ping' }
  | { kind: 'stream'; reqId: string; streamId: string; chatId: string; content: string; finish: boolean }
  | { kind: 'shown'; shown: Shown }
  | { kind: 'card'; card: FakeCard }
  // biome-ignore lint/suspicious/noExplicitAny: tests read what the client sent
  | { kind: 'card-update'; taskId: string; card: any; userids?: string[] }
  | { kind: 'refused'; cmd: string; errcode: number }
  | { kind: 'ack'; reqId: string }
  /** A picture or file sent (`aibot_send_msg` with a `media_id` this fake's upload handed out). */
  | { kind: 'media'; chatId: string; msgtype: string; name: string; data: Buffer; chunks: number };

export interface SayOptions {
  /** A group's chatid (default: a one-to-one chat with `from`). */
  group?: string;
  msgid?: string;
  /** Replaces the body's content (`text` by default). */
  content?: Record<string, unknown>;
}

export interface FakeWeCom {
  url: string;
  botId: string;
  secret: string;
  readonly events: FakeWeComEvent[];
  /** A text message from `from`; returns its req_id. */
  say(from: string, text: string, options?: SayOptions): string;
  /** Pushes an `aibot_msg_callback` with this body. */
  pushMessage(body: unknown): string;
  /** Pushes any frame as is (a string is sent raw). */
  sendRaw(frame: unknown): void;
  /** `userId` presses the card's button `key`. */
  press(userId: string, taskId: string, key: string, group?: string): string;
  /** Serves `plain` encrypted under a fresh key; returns its url and aeskey. */
  addMedia(plain: Uint8Array, options?: { name?: string; key?: Buffer }): { url: string; aeskey: string };
  /** The next `count` subscribes are refused as bad credentials. */
  refuseSubscribes(count: number): void;
  /** Pings are not answered from now on (or again with false). */
  silencePings(silent: boolean): void;
  /** Stream updates are refused as expired (846608) from now on. */
  expireStreams(): void;
  /** The next upload's finish is refused with this errcode. */
  refuseUploadFinish(errcode: number): void;
  /** The next `count` template-card sends are refused. */
  refuseCards(count: number): void;
  /** Terminates every connection (a dropped network). */
  dropConnections(): void;
  /** Tells the connection another one took over (`disconnected_event`), and closes it. */
  kick(): void;
  readonly cards: Map<string, FakeCard>;
  /** The messages a chat shows now, in order. */
  shown(chatId: string): Shown[];
  subscribeCount(): number;
  waitFor(match: (event: FakeWeComEvent) => boolean): Promise<FakeWeComEvent>;
  /** Resolves with the first finished message of `chatId` (sent or a closed stream) containing `text`. */
  waitForText(chatId: string, text: string): Promise<Shown>;
  close(): Promise<void>;
}

/** WeCom's encryption of a media file (the fake's side of wecom-media.ts). */
export function encryptMedia(plain: Uint8Array, key: Buffer): Buffer {
  const pad = 32 - (plain.length % 32);
  const padded = Buffer.concat([Buffer.from(plain), Buffer.alloc(pad, pad)]);
  const cipher = createCipheriv('aes-256-cbc', key, key.subarray(0, 16));
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(padded), cipher.final()]);
}

export async function startFakeWeCom(
  botId = 'aibfakebot01',
  secret = 'fake-wecom-secret-0123',
): Promise<FakeWeCom> {
  const events: FakeWeComEvent[] = [];
  let waiters: { match: (e: FakeWeComEvent) => boolean; resolve: (e: FakeWeComEvent) => void }[] = [];
  const messages = new Map<string, { chatId: string }>();
  const presses = new Map<string, { at: number; used: boolean }>();
  const streams = new Map<string, Shown>();
  const shownList: Shown[] = [];
  const cards = new Map<string, FakeCard>();
  const media = new Map<string, { data: Buffer; name?: string }>();
  const sockets = new Set<Socket>();
  let clients: WebSocket[] = [];
  let refusedSubscribes = 0;
  let refusedCards = 0;
  let refusedFinish: number | undefined;
  /** Uploads under way (by upload_id) and finished ones (by media_id). */
  const uploading = new Map<
    string,
    { type: string; name: string; size: number; chunks: Buffer[]; total: number; md5: string }
  >();
  const uploaded = new Map<string, { type: string; name: string; data: Buffer; chunks: number }>();
  let silent = false;
  let expired = false;
  let subscribes = 0;

  function record(event: FakeWeComEvent): void {
    events.push(event);
    waiters = waiters.filter((waiter) => {
      if (!waiter.match(event)) return true;
      waiter.resolve(event);
      return false;
    });
  }

  const server = createServer((req, res) => {
    const file = media.get(new URL(req.url ?? '/', 'http://fake').pathname.slice(1));
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    const headers: Record<string, string> = { 'content-type': 'application/octet-stream' };
    if (file.name)
      headers['content-disposition'] = `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`;
    res.writeHead(200, headers);
    res.end(file.data);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const wss = new WebSocketServer({ server });
  wss.on('connection', (ws) => {
    clients.push(ws);
    ws.on('message', (data) => onFrame(ws, data.toString()));
    ws.on('close', () => {
      clients = clients.filter((c) => c !== ws);
    });
  });

  function ack(ws: WebSocket, reqId: string, errcode = 0, errmsg = 'ok', body?: unknown): void {
    ws.send(JSON.stringify({ headers: { req_id: reqId }, errcode, errmsg, ...(body ? { body } : {}) }));
  }

  // biome-ignore lint/suspicious/noExplicitAny: whatever the client sent
  function onUpload(ws: WebSocket, cmd: string, reqId: string, body: any) {
    if (cmd === 'aibot_upload_media_init') {
      if (!['image', 'voice', 'video', 'file'].includes(body.type))
        return refuse(ws, reqId, cmd, 40008, 'bad type');
      const total = Number(body.total_chunks);
      if (!Number.isInteger(total) || total < 1 || total > 100)
        return refuse(ws, reqId, cmd, 40058, 'total_chunks');
      const id = `upload-${uploading.size + uploaded.size + 1}`;
      uploading.set(id, {
        type: body.type,
        name: String(body.filename),
        size: Number(body.total_size),
        chunks: [],
        total,
        md5: String(body.md5),
      });
      return ack(ws, reqId, 0, 'ok', { upload_id: id });
    }
    const upload = uploading.get(String(body.upload_id));
    if (!upload) return refuse(ws, reqId, cmd, 40058, 'invalid upload_id');
    if (cmd === 'aibot_upload_media_chunk') {
      const data = Buffer.from(String(body.base64_data ?? ''), 'base64');
      if (data.length > 512 * 1024 || body.chunk_index !== upload.chunks.length)
        return refuse(ws, reqId, cmd, 40058, 'bad chunk');
      upload.chunks.push(data);
      return ack(ws, reqId);
    }
    if (refusedFinish !== undefined) {
      const code = refusedFinish;
      refusedFinish = undefined;
      return refuse(ws, reqId, cmd, code, 'upload refused');
    }
    const data = Buffer.concat(upload.chunks);
    const md5 = createHash('md5').update(data).digest('hex');
    if (upload.chunks.length !== upload.total || data.length !== upload.size || md5 !== upload.md5)
      return refuse(ws, reqId, cmd, 40058, 'the chunks do not add up');
    uploading.delete(String(body.upload_id));
    const mediaId = `media-${randomUUID()}`;
    uploaded.set(mediaId, { type: upload.type, name: upload.name, data, chunks: upload.total });
    ack(ws, reqId, 0, 'ok', {
      type: upload.type,
      media_id: mediaId,
      created_at: Math.floor(Date.now() / 1000),
    });
  }

  function refuse(ws: WebSocket, reqId: string, cmd: string, errcode: number, errmsg: string): void {
    record({ kind: 'refused', cmd, errcode });
    ack(ws, reqId, errcode, errmsg);
  }

  function show(shown: Shown): void {
    if (!shownList.includes(shown)) shownList.push(shown);
    record({ kind: 'shown', shown: { ...shown } });
  }

  function onFrame(ws: WebSocket, raw: string) {
    // biome-ignore lint/suspicious/noExplicitAny: whatever the client sent
    const frame = JSON.parse(raw) as { cmd: string; headers: { req_id: string }; body: any };
    const reqId = frame.headers.req_id;
    const body = frame.body ?? {};
    if (frame.cmd === 'aibot_subscribe') {
      subscribes += 1;
      const ok = refusedSubscribes === 0 && body.bot_id === botId && body.secret === secret;
      if (refusedSubscribes > 0) refusedSubscribes -= 1;
      record({ kind: 'subscribe', ok, connection: subscribes });
      if (!ok) {
        ack(ws, reqId, 40001, 'invalid credential');
        ws.close();
        return;
      }
      return ack(ws, reqId);
    }
    if (frame.cmd === 'ping') {
      record({ kind: 'ping' });
      if (!silent) ack(ws, reqId);
      return;
    }
    if (frame.cmd === 'aibot_respond_msg') {
      const message = messages.get(reqId);
      if (!message) return refuse(ws, reqId, frame.cmd, 846605, 'invalid req_id');
      const { id, content, finish } = body.stream ?? {};
      if (body.msgtype !== 'stream' || typeof id !== 'string')
        return refuse(ws, reqId, frame.cmd, 40008, 'bad msgtype');
      if (expired) return refuse(ws, reqId, frame.cmd, 846608, 'stream message update expired (>6 minutes)');
      if (Buffer.byteLength(String(content)) > FAKE_STREAM_LIMIT)
        return refuse(ws, reqId, frame.cmd, 40058, 'content too long');
      const shown = streams.get(id) ?? {
        chatId: message.chatId,
        via: 'stream',
        text: '',
        id,
        finished: false,
      };
      if (shown.finished) return refuse(ws, reqId, frame.cmd, 40099, 'stream already finished');
      shown.text = String(content);
      shown.finished = finish === true;
      streams.set(id, shown);
      record({
        kind: 'stream',
        reqId,
        streamId: id,
        chatId: message.chatId,
        content: shown.text,
        finish: shown.finished,
      });
      show(shown);
      return ack(ws, reqId);
    }
    if (frame.cmd.startsWith('aibot_upload_media_')) return onUpload(ws, frame.cmd, reqId, body);
    if (frame.cmd === 'aibot_send_msg') {
      const chatId = String(body.chatid ?? '');
      if (!chatId) return refuse(ws, reqId, frame.cmd, 40003, 'invalid chatid');
      if (body.msgtype === 'image' || body.msgtype === 'file') {
        const sent = uploaded.get(String(body[body.msgtype]?.media_id));
        if (!sent || sent.type !== body.msgtype)
          return refuse(ws, reqId, frame.cmd, 40007, 'invalid media_id');
        record({
          kind: 'media',
          chatId,
          msgtype: body.msgtype,
          name: sent.name,
          data: sent.data,
          chunks: sent.chunks,
        });
        return ack(ws, reqId);
      }
      if (body.msgtype === 'markdown') {
        show({ chatId, via: 'send', text: String(body.markdown?.content), id: randomUUID(), finished: true });
        return ack(ws, reqId);
      }
      if (body.msgtype === 'template_card') {
        if (refusedCards > 0) {
          refusedCards -= 1;
          return refuse(ws, reqId, frame.cmd, 40058, 'invalid template_card');
        }
        const taskId = String(body.template_card?.task_id);
        const card = { chatId, taskId, card: body.template_card };
        cards.set(taskId, card);
        record({ kind: 'card', card });
        return ack(ws, reqId);
      }
      return refuse(ws, reqId, frame.cmd, 40008, 'unsupported msgtype');
    }
    if (frame.cmd === 'aibot_respond_update_msg') {
      const press = presses.get(reqId);
      if (!press || press.used || Date.now() - press.at > 5000)
        return refuse(ws, reqId, frame.cmd, 846605, 'invalid req_id');
      press.used = true;
      const taskId = String(body.template_card?.task_id);
      record({ kind: 'card-update', taskId, card: body.template_card, userids: body.userids });
      return ack(ws, reqId);
    }
    refuse(ws, reqId, String(frame.cmd), 40004, 'unknown cmd');
  }

  function push(frame: unknown): void {
    const text = typeof frame === 'string' ? frame : JSON.stringify(frame);
    for (const client of clients) if (client.readyState === client.OPEN) client.send(text);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;
  let nextMsg = 1;

  const fake: FakeWeCom = {
    url: `ws://127.0.0.1:${port}`,
    botId,
    secret,
    events,
    say(from, text, options = {}) {
      return fake.pushMessage({
        msgid: options.msgid ?? `msg-${nextMsg++}`,
        aibotid: botId,
        ...(options.group ? { chatid: options.group } : {}),
        chattype: options.group ? 'group' : 'single',
        from: { userid: from },
        create_time: Math.floor(Date.now() / 1000),
        msgtype: 'text',
        text: { content: text },
        ...options.content,
      });
    },
    pushMessage(body) {
      const reqId = randomUUID();
      const b = body as { chatid?: string; from?: { userid?: string } };
      messages.set(reqId, { chatId: String(b.chatid ?? b.from?.userid) });
      push({ cmd: 'aibot_msg_callback', headers: { req_id: reqId }, body });
      return reqId;
    },
    sendRaw: push,
    press(userId, taskId, key, group) {
      const reqId = randomUUID();
      presses.set(reqId, { at: Date.now(), used: false });
      push({
        cmd: 'aibot_event_callback',
        headers: { req_id: reqId },
        body: {
          msgid: `ev-${nextMsg++}`,
          create_time: Math.floor(Date.now() / 1000),
          aibotid: botId,
          ...(group ? { chatid: group, chattype: 'group' } : { chattype: 'single' }),
          from: { userid: userId },
          msgtype: 'event',
          event: {
            eventtype: 'template_card_event',
            template_card_event: { card_type: 'button_interaction', event_key: key, task_id: taskId },
          },
        },
      });
      return reqId;
    },
    addMedia(plain, options = {}) {
      const key = options.key ?? randomBytes(32);
      const id = randomUUID();
      media.set(id, { data: encryptMedia(plain, key), ...(options.name ? { name: options.name } : {}) });
      return { url: `${base}/${id}`, aeskey: key.toString('base64').replace(/=+$/, '') };
    },
    refuseSubscribes(count) {
      refusedSubscribes = count;
    },
    silencePings(value) {
      silent = value;
    },
    expireStreams() {
      expired = true;
    },
    refuseCards(count) {
      refusedCards = count;
    },
    refuseUploadFinish(errcode) {
      refusedFinish = errcode;
    },
    dropConnections() {
      for (const client of clients) client.terminate();
      clients = [];
    },
    kick() {
      push({
        cmd: 'aibot_event_callback',
        headers: { req_id: randomUUID() },
        body: {
          msgid: `ev-${nextMsg++}`,
          create_time: Math.floor(Date.now() / 1000),
          aibotid: botId,
          from: { userid: '' },
          msgtype: 'event',
          event: { eventtype: 'disconnected_event' },
        },
      });
      for (const client of clients) client.close();
    },
    cards,
    shown: (chatId) => shownList.filter((s) => s.chatId === chatId),
    subscribeCount: () => subscribes,
    waitFor(match) {
      const seen = events.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
    async waitForText(chatId, text) {
      const event = await fake.waitFor(
        (e) =>
          e.kind === 'shown' && e.shown.chatId === chatId && e.shown.finished && e.shown.text.includes(text),
      );
      return (event as { shown: Shown }).shown;
    },
    async close() {
      for (const client of clients) client.terminate();
      wss.close();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
