/**
 * A fake Feishu/Lark open platform on loopback, speaking the wire protocol the SDK
 * speaks: the tenant token endpoint, `bot/v3/info`, the long-connection endpoint (an HTTP
 * call that hands out a WebSocket URL, then protobuf `pbbp2.Frame`s over that socket,
 * built with the SDK's own generated encoder) and the IM endpoints the transport calls
 * (send, patch, resource download, a voice upload and its `audio` message, a picture or file
 * upload and its `image` or `file` message, checked the way the platform checks them: the fields,
 * 10 MB a picture, 30 MB a file, nothing empty; a picture the platform cannot read is refused with
 * 234011, one over its resolution limit, GIF 2000 × 2000, others 12000 × 12000, with 234039). Tests push events, press card buttons, drop the
 * socket, expire tokens, inject failures or garbled answers, and wait on the recorded calls.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo, Socket } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';
import { createCallLog } from './call-log.js';
import { readBody } from './fake-llm.js';
import { readMultipart, type UploadedFile } from './multipart.js';
import { pictureSize } from './pictures.js';

export const LARK_APP_ID = 'cli_a1b2c3d4e5f60718';
export const LARK_APP_SECRET = 'fake-lark-secret-9Xq2';
export const BOT_OPEN_ID = 'ou_bot0000000000000000000000000000';

export interface FakeLarkCall {
  method: string;
  path: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary fields of what was sent
  body: any;
}

export interface LarkCard {
  chatId: string;
  messageId: string;
  /** The card's Markdown element as last sent or patched. */
  text: string;
  buttons: { label: string; value: unknown }[];
  edits: number;
}

/** The long connection's answer to a delivered event (the SDK acks every data frame). */
export interface LarkAck {
  eventId: string;
  code: number;
  // biome-ignore lint/suspicious/noExplicitAny: the callback's JSON answer (a toast …)
  data?: any;
}

export interface FakeLark {
  /** For `channels.lark.domain`. */
  domain: string;
  readonly calls: FakeLarkCall[];
  readonly cards: Map<string, LarkCard>;
  /** Voice messages the bot sent: the uploaded Opus and the duration it gave (ms). */
  readonly voices: { chatId: string; data: Buffer; duration: number }[];
  /** Pictures and files the bot sent (`image` / `file` messages), with what was uploaded. */
  readonly files: LarkSentFile[];
  readonly acks: LarkAck[];
  /** Sockets the SDK has opened so far (a reconnect opens another). */
  readonly connections: number;
  /** Delivers an event (JSON, or raw bytes for a malformed one) over the long connection. */
  deliver(payload: unknown): void;
  /** A private text message from `openId` (chat `oc_<openId>`); returns the event id. */
  say(
    openId: string,
    text: string,
    extra?: { eventId?: string; chatType?: string; chatId?: string; mentionBot?: boolean },
  ): string;
  /** A message of another type (`file`, `image`, `post` …) with its content object. */
  send(openId: string, messageType: string, content: unknown, eventId?: string): string;
  /** `openId` presses the button with `value` on card `messageId`; resolves with the callback's ack. */
  press(openId: string, card: LarkCard, value: unknown): Promise<LarkAck>;
  addResource(fileKey: string, data: Uint8Array): void;
  /** The next `count` requests whose path starts with `path` answer HTTP `status` with `code`. */
  fail(path: string, status: number, count?: number, code?: number): void;
  /** The next `count` requests whose path starts with `path` answer HTTP 200 with `body` as it is. */
  garble(path: string, body: string, count?: number): void;
  /** Every token handed out so far is refused from now on (an expired token). */
  expireTokens(): void;
  /** Closes every long connection abruptly (a dropped network). */
  dropConnections(): void;
  waitForCall(match: (call: FakeLarkCall) => boolean): Promise<FakeLarkCall>;
  waitForAck(eventId: string): Promise<LarkAck>;
  waitForConnections(count: number): Promise<void>;
  close(): Promise<void>;
}

export interface LarkSentFile {
  chatId: string;
  msgType: 'image' | 'file';
  /** `file_type` and `file_name` of a file upload (none for a picture). */
  fileType?: string;
  name?: string;
  data: Buffer;
}

const LARK_FILE_TYPES = ['opus', 'mp4', 'pdf', 'doc', 'xls', 'ppt', 'stream'];
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
const MAX_FILE_BYTES = 30 * 1024 * 1024;

interface Frame {
  SeqID: number;
  LogID: number;
  service: number;
  method: number;
  headers: { key: string; value: string }[];
  payload?: Uint8Array;
}
interface FrameCodec {
  encode(frame: Frame): { finish(): Uint8Array };
  decode(data: Uint8Array): Frame;
}

/** The SDK registers its generated `pbbp2` protobuf types on protobufjs' default root. */
async function frameCodec(): Promise<FrameCodec> {
  await import('@larksuiteoapi/node-sdk');
  const require = createRequire(import.meta.url);
  const protobuf = require('protobufjs/minimal') as {
    roots: Record<string, { pbbp2: { Frame: FrameCodec } }>;
  };
  const root = protobuf.roots.default;
  if (!root?.pbbp2) throw new Error('the Lark SDK did not register its frame types');
  return root.pbbp2.Frame;
}

const CLIENT_CONFIG = { PingInterval: 120, ReconnectCount: -1, ReconnectInterval: 0.05, ReconnectNonce: 0 };
const CONTROL = 0;
const DATA = 1;

export async function startFakeLark(): Promise<FakeLark> {
  const Frame = await frameCodec();
  const log = createCallLog<FakeLarkCall>();
  const acks = createCallLog<LarkAck>();
  const cards = new Map<string, LarkCard>();
  const uploads = new Map<string, { data: Buffer; duration: number }>();
  const voices: { chatId: string; data: Buffer; duration: number }[] = [];
  const resources = new Map<string, Uint8Array>();
  const failures = new Map<string, { status: number; count: number; code: number }>();
  const garbles = new Map<string, { body: string; count: number }>();
  const images = new Map<string, Buffer>();
  const stored = new Map<string, { fileType: string; name: string; data: Buffer }>();
  const files: LarkSentFile[] = [];
  const validTokens = new Set<string>();
  const sockets = new Set<Socket>();
  /**
   * Sockets whose client is listening. The SDK attaches its frame listener only after
   * 'open', so a frame sent at once can be lost; it pings on open, and the fake sends
   * events to a socket only after its first ping (queued before, like the platform does).
   */
  const open = new Set<WebSocket>();
  const live = new Set<WebSocket>();
  const pending: Uint8Array[] = [];
  let connections = 0;
  let connectionWaiters: { count: number; resolve: () => void }[] = [];
  let nextId = 1;

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const frameOf = (payload: Uint8Array, headers: Record<string, string>, method = DATA): Uint8Array =>
    Frame.encode({
      SeqID: nextId++,
      LogID: 0,
      service: 7,
      method,
      headers: Object.entries(headers).map(([key, value]) => ({ key, value })),
      payload,
    }).finish();

  const push = (frame: Uint8Array) => {
    const socket = [...open][0];
    if (socket) socket.send(frame);
    else pending.push(frame); // delivered when the SDK connects again, as the platform does
  };

  function deliver(payload: unknown): void {
    const bytes = payload instanceof Uint8Array ? payload : Buffer.from(JSON.stringify(payload));
    const eventId = (payload as { header?: { event_id?: string } })?.header?.event_id ?? `frame-${nextId}`;
    push(
      frameOf(bytes, { type: 'event', message_id: eventId, sum: '1', seq: '0', trace_id: `trace-${nextId}` }),
    );
  }

  const header = (eventType: string, eventId: string) => ({
    event_id: eventId,
    event_type: eventType,
    create_time: String(Date.now()),
    token: '',
    app_id: LARK_APP_ID,
    tenant_key: 'tenant-1',
  });

  function message(
    openId: string,
    messageType: string,
    content: unknown,
    extra: Parameters<FakeLark['say']>[2] = {},
  ) {
    const eventId = extra.eventId ?? `ev_${nextId++}`;
    const inGroup = (extra.chatType ?? 'p2p') !== 'p2p';
    deliver({
      schema: '2.0',
      header: header('im.message.receive_v1', eventId),
      event: {
        sender: {
          sender_id: { open_id: openId, union_id: `on_${openId}` },
          sender_type: 'user',
          tenant_key: 'tenant-1',
        },
        message: {
          message_id: `om_in_${nextId++}`,
          create_time: String(Date.now()),
          chat_id: extra.chatId ?? `oc_${openId}`,
          chat_type: extra.chatType ?? 'p2p',
          message_type: messageType,
          content: JSON.stringify(content),
          mentions:
            inGroup && extra.mentionBot
              ? [{ key: '@_user_1', id: { open_id: BOT_OPEN_ID }, name: 'Aibox', tenant_key: 'tenant-1' }]
              : [],
        },
      },
    });
    return eventId;
  }

  function authorized(req: IncomingMessage, res: ServerResponse): boolean {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (token && validTokens.has(token)) return true;
    json(res, 400, {
      code: 99991663,
      msg: 'Invalid access token for authorization. Please make a request with token attached.',
    });
    return false;
  }

  function cardFrom(content: string): Pick<LarkCard, 'text' | 'buttons'> {
    const card = JSON.parse(content);
    const elements: {
      tag: string;
      content?: string;
      columns?: { elements: { text: { content: string }; behaviors: { value: unknown }[] }[] }[];
    }[] = card.body.elements;
    const buttons = (elements.find((e) => e.tag === 'column_set')?.columns ?? []).map((column) => {
      const button = column.elements[0];
      return { label: button?.text.content ?? '', value: button?.behaviors[0]?.value };
    });
    return { text: elements.find((e) => e.tag === 'markdown')?.content ?? '', buttons };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const contentType = req.headers['content-type'] ?? '';
    const multipart = contentType.startsWith('multipart/form-data');
    const raw = multipart ? '' : await readBody(req);
    const body = multipart ? await readMultipart(req, contentType) : raw ? JSON.parse(raw) : {};
    log.record({ method: req.method ?? '', path: url.pathname, body });
    for (const [prefix, failure] of failures) {
      if (!url.pathname.startsWith(prefix) || failure.count <= 0) continue;
      failure.count--;
      return json(res, failure.status, { code: failure.code, msg: 'injected failure' });
    }
    for (const [prefix, garble] of garbles) {
      if (!url.pathname.startsWith(prefix) || garble.count <= 0) continue;
      garble.count--;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(garble.body);
      return;
    }
    if (url.pathname === '/open-apis/auth/v3/tenant_access_token/internal') {
      if (body.app_id !== LARK_APP_ID || body.app_secret !== LARK_APP_SECRET)
        return json(res, 200, { code: 10014, msg: 'app secret invalid' });
      const token = `t-fake-${nextId++}`;
      validTokens.add(token);
      return json(res, 200, { code: 0, msg: 'ok', tenant_access_token: token, expire: 7200 });
    }
    if (url.pathname === '/callback/ws/endpoint') {
      if (body.AppID !== LARK_APP_ID || body.AppSecret !== LARK_APP_SECRET)
        return json(res, 200, { code: 514, msg: 'auth failed', data: {} });
      const { port } = server.address() as AddressInfo;
      return json(res, 200, {
        code: 0,
        msg: 'ok',
        data: { URL: `ws://127.0.0.1:${port}/ws?device_id=dev1&service_id=7`, ClientConfig: CLIENT_CONFIG },
      });
    }
    if (!authorized(req, res)) return;
    if (url.pathname === '/open-apis/bot/v3/info')
      return json(res, 200, {
        code: 0,
        msg: 'ok',
        bot: { app_name: 'Aibox 测试', open_id: BOT_OPEN_ID, activate_status: 2 },
      });
    if (req.method === 'POST' && url.pathname === '/open-apis/im/v1/images') {
      const image = body.image as UploadedFile | undefined;
      if (body.image_type !== 'message' || typeof image !== 'object' || !image.data?.length)
        return json(res, 400, { code: 234001, msg: 'invalid image upload' });
      if (image.data.length > MAX_IMAGE_BYTES)
        return json(res, 400, { code: 234006, msg: 'image too large' });
      const picture = await pictureSize(image.data);
      if (!picture) return json(res, 400, { code: 234011, msg: "Can't recognize the image format." });
      const maxSide = picture.format === 'gif' ? 2000 : 12000;
      if (picture.width > maxSide || picture.height > maxSide)
        return json(res, 400, { code: 234039, msg: 'Image resolution exceeds limit.' });
      const imageKey = `img_v3_${nextId++}`;
      images.set(imageKey, image.data);
      return json(res, 200, { code: 0, msg: 'success', data: { image_key: imageKey } });
    }
    if (req.method === 'POST' && url.pathname === '/open-apis/im/v1/files' && body.file_type !== 'opus') {
      const file = body.file as UploadedFile | undefined;
      if (
        !LARK_FILE_TYPES.includes(String(body.file_type)) ||
        !body.file_name ||
        typeof file !== 'object' ||
        !file.data?.length
      )
        return json(res, 400, { code: 234001, msg: 'invalid file upload' });
      if (file.data.length > MAX_FILE_BYTES) return json(res, 400, { code: 234006, msg: 'file too large' });
      const fileKey = `file_v3_${nextId++}`;
      stored.set(fileKey, {
        fileType: String(body.file_type),
        name: String(body.file_name),
        data: file.data,
      });
      return json(res, 200, { code: 0, msg: 'success', data: { file_key: fileKey } });
    }
    if (
      req.method === 'POST' &&
      url.pathname === '/open-apis/im/v1/messages' &&
      ['image', 'file'].includes(body.msg_type)
    ) {
      const content = JSON.parse(body.content);
      const sent =
        body.msg_type === 'image'
          ? images.has(content.image_key) && { data: images.get(content.image_key) as Buffer }
          : stored.get(content.file_key);
      if (!sent) return json(res, 400, { code: 234003, msg: 'file not found' });
      files.push({ chatId: body.receive_id, msgType: body.msg_type, ...sent });
      return json(res, 200, { code: 0, msg: 'success', data: { message_id: `om_${nextId++}` } });
    }
    if (req.method === 'POST' && url.pathname === '/open-apis/im/v1/files') {
      const file = body.file as UploadedFile | undefined;
      if (body.file_type !== 'opus' || !file?.data || !/^\d+$/.test(String(body.duration)))
        return json(res, 400, { code: 234001, msg: 'invalid file upload' });
      const fileKey = `file_v3_${nextId++}`;
      uploads.set(fileKey, { data: file.data, duration: Number(body.duration) });
      return json(res, 200, { code: 0, msg: 'success', data: { file_key: fileKey } });
    }
    if (req.method === 'POST' && url.pathname === '/open-apis/im/v1/messages' && body.msg_type === 'audio') {
      const upload = uploads.get(JSON.parse(body.content).file_key);
      if (!upload) return json(res, 400, { code: 234003, msg: 'file not found' });
      voices.push({ chatId: body.receive_id, ...upload });
      return json(res, 200, { code: 0, msg: 'success', data: { message_id: `om_${nextId++}` } });
    }
    if (req.method === 'POST' && url.pathname === '/open-apis/im/v1/messages') {
      if (body.msg_type !== 'interactive')
        return json(res, 400, { code: 230001, msg: 'unsupported msg_type' });
      const messageId = `om_${nextId++}`;
      cards.set(messageId, { chatId: body.receive_id, messageId, edits: 0, ...cardFrom(body.content) });
      return json(res, 200, {
        code: 0,
        msg: 'success',
        data: { message_id: messageId, chat_id: body.receive_id },
      });
    }
    const patched = /^\/open-apis\/im\/v1\/messages\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'PATCH' && patched) {
      const card = cards.get(patched[1] as string);
      if (!card) return json(res, 400, { code: 230011, msg: 'message not found' });
      Object.assign(card, cardFrom(body.content));
      card.edits++;
      return json(res, 200, { code: 0, msg: 'success', data: {} });
    }
    const resource = /^\/open-apis\/im\/v1\/messages\/[^/]+\/resources\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && resource) {
      const data = resources.get(resource[1] as string);
      if (!data) return json(res, 400, { code: 234003, msg: 'file not found' });
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': data.byteLength });
      res.end(data);
      return;
    }
    json(res, 404, { code: 404, msg: `no such endpoint ${req.method} ${url.pathname}` });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => json(res, 500, { code: 500, msg: String(error) }));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    if (!req.url?.startsWith('/ws')) return socket.destroy();
    wss.handleUpgrade(req, socket, head, (ws) => {
      connections++;
      live.add(ws);
      for (const waiter of connectionWaiters.filter((w) => connections >= w.count)) waiter.resolve();
      connectionWaiters = connectionWaiters.filter((w) => connections < w.count);
      ws.on('close', () => {
        open.delete(ws);
        live.delete(ws);
      });
      ws.on('message', (data: Buffer) => {
        const frame = Frame.decode(data);
        const type = frame.headers.find((h) => h.key === 'type')?.value;
        if (frame.method === CONTROL && type === 'ping') {
          ws.send(frameOf(Buffer.from(JSON.stringify(CLIENT_CONFIG)), { type: 'pong' }, CONTROL));
          open.add(ws);
          for (const queued of pending.splice(0)) ws.send(queued);
          return;
        }
        if (frame.method !== DATA) return;
        const answer = JSON.parse(Buffer.from(frame.payload ?? []).toString('utf8'));
        const eventId = frame.headers.find((h) => h.key === 'message_id')?.value ?? '';
        const data64 = answer.data
          ? JSON.parse(Buffer.from(answer.data, 'base64').toString('utf8'))
          : undefined;
        acks.record({ eventId, code: answer.code, data: data64 });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    domain: `http://127.0.0.1:${port}`,
    calls: log.calls,
    cards,
    voices,
    files,
    acks: acks.calls,
    get connections() {
      return connections;
    },
    deliver,
    say: (openId, text, extra) =>
      message(openId, 'text', { text: extra?.mentionBot ? `@_user_1 ${text}` : text }, extra),
    send: (openId, messageType, content, eventId) =>
      message(openId, messageType, content, eventId ? { eventId } : {}),
    press(openId, card, value) {
      const eventId = `ev_card_${nextId++}`;
      deliver({
        schema: '2.0',
        header: header('card.action.trigger', eventId),
        event: {
          operator: { open_id: openId, tenant_key: 'tenant-1' },
          token: 'c-token',
          action: { tag: 'button', value },
          context: { open_message_id: card.messageId, open_chat_id: card.chatId },
        },
      });
      return acks.waitFor((ack) => ack.eventId === eventId);
    },
    addResource(fileKey, data) {
      resources.set(fileKey, data);
    },
    garble(path, body, count = 1) {
      garbles.set(path, { body, count });
    },
    fail(path, status, count = 1, code = 500) {
      failures.set(path, { status, count, code });
    },
    expireTokens() {
      validTokens.clear();
    },
    dropConnections() {
      for (const ws of live) ws.terminate();
      open.clear();
    },
    waitForCall: (match) => log.waitFor(match),
    waitForAck: (eventId) => acks.waitFor((ack) => ack.eventId === eventId),
    waitForConnections(count) {
      if (connections >= count) return Promise.resolve();
      return new Promise((resolve) => connectionWaiters.push({ count, resolve }));
    },
    async close() {
      for (const ws of live) ws.terminate();
      wss.close();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
