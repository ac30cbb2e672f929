/**
 * A fake QQ bot platform on loopback, for the QQ channel's tests, speaking the documented wire
 * format of the API v2 (bot.q.qq.com/wiki):
 * - `POST /app/getAppAccessToken` (`appId`, `clientSecret`) → `{ access_token, expires_in }` (a
 *   string of seconds, as the platform sends it); wrong credentials → HTTP 200 with `code` 100016;
 * - `GET /gateway` → `{ url }` of the WebSocket gateway; every OpenAPI call needs
 *   `Authorization: QQBot <token>` (else HTTP 401, code 11244);
 * - the gateway: Hello (op 10) with `heartbeat_interval`, Identify (op 2) / Resume (op 6) checked
 *   against the token and session, READY / RESUMED, Heartbeat (op 1) answered with op 11, events
 *   (op 0) numbered by `s` and replayed after a resume, Reconnect (op 7), Invalid Session (op 9);
 * - passive replies `POST /v2/users/{openid}/messages` and `/v2/groups/{group_openid}/messages`:
 *   refused without `msg_id`/`event_id` (no active messages), for a source of another chat, after
 *   the source's window, past 5 replies, or with a `msg_seq` used before for the same source;
 * - C2C stream replies `POST /v2/users/{openid}/stream_messages` (as Tencent's qqbot-nodejs SDK
 *   sends them): the first frame `index` 0 without `stream_msg_id`, a new `msg_seq` for the
 *   source (one of its 5 replies), answered with the stream's `id`; every later frame names that
 *   `stream_msg_id`, the same `msg_seq`, the next `index`, `input_mode: "replace"` with a
 *   `content_raw` that begins with the text shown so far, `content_type: "markdown"`, frames at
 *   least 300 ms apart; `input_state` 10 ends the stream (nothing after it), 1 goes on;
 * - `PUT /interactions/{id}` (a button press acknowledged) and attachment files under `/files/`;
 * - on demand, the next passive replies fail with a server error (`failReplies`: the platform
 *   down for a moment), taking nothing.
 * Tests wait on the recorded events (never on time).
 */
import { createPrivateKey, randomUUID, sign } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';
import { readBody } from './fake-llm.js';

/** The platform allows this many replies to one message. */
export const FAKE_MAX_REPLIES = 5;

export interface QqReply {
  /** The chat as the channel names it: a user's openid, or `g-<group openid>`. */
  chatId: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read what the client sent
  body: any;
  /** The text shown: `content`, or the Markdown's `content`. */
  text: string;
  source: string;
  seq: number;
}

export type FakeQqEvent =
  | { kind: 'token'; status: number; code?: number }
  // biome-ignore lint/suspicious/noExplicitAny: tests read what the client sent
  | { kind: 'identify'; d: any; connection: number }
  // biome-ignore lint/suspicious/noExplicitAny: tests read what the client sent
  | { kind: 'resume'; d: any; connection: number }
  | { kind: 'ready'; connection: number; sessionId: string }
  | { kind: 'resumed'; connection: number }
  | { kind: 'heartbeat'; seq: number | null; connection: number }
  | { kind: 'frame'; op: unknown; connection: number }
  | { kind: 'reply'; reply: QqReply }
  | { kind: 'refused'; chatId: string; code: number; why: string }
  /** A passive reply answered with a server error (`failReplies`); nothing was taken. */
  | { kind: 'failed'; chatId: string; status: number; text: string }
  /** A frame of a C2C stream reply the fake took (`body` as sent). */
  // biome-ignore lint/suspicious/noExplicitAny: tests read what the client sent
  | { kind: 'stream'; chatId: string; streamId: string; body: any }
  | { kind: 'interaction-ack'; id: string; code: number }
  | { kind: 'unauthorized'; path: string }
  | { kind: 'download'; name: string }
  /** A rich-media upload (`/v2/…/files`): the decoded `file_data`, and the `file_info` handed out. */
  | { kind: 'upload'; chatId: string; fileType: number; data: Buffer; fileInfo: string; srvSendMsg: unknown }
  | { kind: 'close'; connection: number; code: number }
  | { kind: 'webhook'; status: number; body: string };

export interface SayOptions {
  /** A group's openid: the message is a GROUP_AT_MESSAGE_CREATE there. */
  group?: string;
  msgId?: string;
  attachments?: Record<string, unknown>[];
}

export interface FakeQq {
  appId: string;
  clientSecret: string;
  /** For `channels.qq.api_root`. */
  apiRoot: string;
  /** For `channels.qq.token_url`. */
  tokenUrl: string;
  readonly events: FakeQqEvent[];
  readonly replies: QqReply[];
  /** A message from user `from` (direct, or @-mentioning the bot in `options.group`); returns its msg_id. */
  say(from: string, text: string, options?: SayOptions): string;
  /** A press of a callback button with `data` by `from` (in a group with `group`); returns the interaction id. */
  press(from: string, data: string, group?: string): string;
  /** Pushes a dispatch event (op 0) with the next `s`; kept for replay after a resume. */
  dispatch(type: string, d: unknown): number;
  /** Sends a raw text frame as is. */
  sendRaw(frame: string): void;
  /** Sends `{ op, d }` as is (Reconnect 7, Invalid Session 9, an unknown op). */
  sendOp(op: number, d?: unknown): void;
  /** Terminates every gateway socket (a dropped network); events meanwhile wait for a resume. */
  dropConnections(): void;
  /** Closes every gateway socket with this close code. */
  closeConnections(code: number): void;
  /** Heartbeats go unanswered from now on (a dead connection), until the next socket. */
  stopAcking(): void;
  /** The message's window ends now: replies to it are refused as expired. */
  expireMessage(msgId: string): void;
  /** Every access token handed out so far stops working. */
  expireTokens(): void;
  /** Lifetime (`expires_in`) of tokens handed out from now on. */
  setTokenLifetime(seconds: number): void;
  addFile(name: string, data: Uint8Array): void;
  /** The next `count` stream frames after `after` more are taken are refused with this platform code. */
  refuseStreamFrames(code: number, after?: number, count?: number): void;
  /** The next stream frames are answered 200 with these bodies, in order (nothing is kept). */
  answerStreams(...bodies: unknown[]): void;
  /** The finished stream replies: the last text each showed, with its frames' bodies. */
  // biome-ignore lint/suspicious/noExplicitAny: tests read what the client sent
  readonly streams: { chatId: string; streamId: string; frames: any[]; text: string; done: boolean }[];
  /** The next `count` rich-media uploads are refused with this platform code. */
  refuseUploads(code: number, count?: number): void;
  /** The next `count` passive replies (`/messages`) are answered with this HTTP status (a 5xx). */
  failReplies(status: number, count?: number): void;
  /** The next rich-media uploads are answered 200 with these bodies, in order (nothing is kept). */
  answerUploads(...bodies: unknown[]): void;
  /** The bytes behind a `file_info` the fake handed out (what a reply with `msg_type: 7` shows). */
  mediaOf(fileInfo: string): { data: Buffer; fileType: number; chatId: string } | undefined;
  /** From now on events go to the box's webhook at `url` (signed POSTs) instead of the gateway. */
  useWebhook(url: string): void;
  /**
   * POSTs `body` to the webhook, signed with the bot's key unless `signature` is given; resolves
   * with the answer (also recorded as a `webhook` event).
   */
  postWebhook(body: string, signature?: string): Promise<{ status: number; body: string }>;
  connectionCount(): number;
  tokenCount(): number;
  waitFor(match: (event: FakeQqEvent) => boolean): Promise<FakeQqEvent>;
  /** The first reply (sent or future) to `chatId` whose text contains `text`. */
  waitForReply(chatId: string, text: string): Promise<QqReply>;
  close(): Promise<void>;
}

/**
 * How the platform signs a webhook request: ed25519 whose 32-byte seed is the start of the secret
 * written out again and again; the signed text is the timestamp followed by the body. (Its own
 * few lines, so the fake does not lean on the code it tests; bench/ loads it without src/.)
 */
function platformSigner(secret: string): (text: string) => string {
  const seed = Buffer.from(secret.repeat(Math.ceil(32 / secret.length)), 'utf8').subarray(0, 32);
  const der = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]);
  const key = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  return (text) => sign(null, Buffer.from(text, 'utf8'), key).toString('hex');
}

interface Source {
  chatId: string;
  expired: boolean;
  seqs: Set<number>;
  replies: number;
}

export async function startFakeQq(
  appId = '102000001',
  clientSecret = 'FakeQqSecret0123456789abcdefghij',
  heartbeatMs = 200,
): Promise<FakeQq> {
  const events: FakeQqEvent[] = [];
  const replies: QqReply[] = [];
  let waiters: { match: (event: FakeQqEvent) => boolean; resolve: (e: FakeQqEvent) => void }[] = [];
  const tokens = new Set<string>();
  let tokenLifetime = 7200;
  let tokensIssued = 0;
  const sources = new Map<string, Source>();
  const files = new Map<string, Uint8Array>();
  const media = new Map<string, { data: Buffer; fileType: number; chatId: string }>();
  const uploadRefusals: number[] = [];
  const replyFailures: number[] = [];
  const streamRefusals: { after: number; code: number }[] = [];
  const streamAnswers: unknown[] = [];
  const streams: {
    chatId: string;
    streamId: string;
    // biome-ignore lint/suspicious/noExplicitAny: tests read what the client sent
    frames: any[];
    text: string;
    done: boolean;
    seq: number;
    source: string;
    lastAt: number;
  }[] = [];
  const uploadAnswers: unknown[] = [];
  const sockets = new Set<Socket>();
  /** Dispatched events, for replay after a resume. */
  const log: { s: number; frame: string }[] = [];
  const sessions = new Set<string>();
  let seq = 0;
  let connections = 0;
  let acking = true;
  /** Sockets that identified or resumed. */
  let live: WebSocket[] = [];
  let all: WebSocket[] = [];
  let nextMsg = 1;
  let webhookUrl = '';
  const signWebhook = platformSigner(clientSecret);

  async function postWebhook(body: string, signature?: string): Promise<{ status: number; body: string }> {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const answer = await fetch(webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'QQBot-Callback',
        'x-bot-appid': appId,
        'x-signature-timestamp': timestamp,
        'x-signature-ed25519': signature ?? signWebhook(timestamp + body),
      },
      body,
    });
    const result = { status: answer.status, body: await answer.text() };
    record({ kind: 'webhook', ...result });
    return result;
  }

  function record(event: FakeQqEvent): void {
    events.push(event);
    waiters = waiters.filter((waiter) => {
      if (!waiter.match(event)) return true;
      waiter.resolve(event);
      return false;
    });
  }

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const authorized = (req: IncomingMessage) => {
    const match = /^QQBot (.+)$/.exec(String(req.headers.authorization ?? ''));
    return match !== null && tokens.has(match[1] as string) && req.headers['x-union-appid'] === appId;
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const raw = req.method === 'POST' || req.method === 'PUT' ? await readBody(req) : '';
    // biome-ignore lint/suspicious/noExplicitAny: the request bodies are whatever the client sent
    let body: any = {};
    try {
      body = raw ? JSON.parse(raw) : {};
    } catch {
      return json(res, 400, { code: 40000, message: 'body is not JSON' });
    }
    if (url.pathname === '/app/getAppAccessToken' && req.method === 'POST') {
      if (body.appId !== appId || body.clientSecret !== clientSecret) {
        record({ kind: 'token', status: 200, code: 100016 });
        return json(res, 200, { code: 100016, message: 'invalid appid or secret' });
      }
      const token = randomUUID();
      tokens.add(token);
      tokensIssued += 1;
      record({ kind: 'token', status: 200 });
      return json(res, 200, { access_token: token, expires_in: String(tokenLifetime) });
    }
    if (url.pathname.startsWith('/files/')) {
      const name = decodeURIComponent(url.pathname.slice('/files/'.length));
      const data = files.get(name);
      if (!data) return json(res, 404, {});
      record({ kind: 'download', name });
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': data.length });
      res.end(data);
      return;
    }
    if (!authorized(req)) {
      record({ kind: 'unauthorized', path: url.pathname });
      return json(res, 401, { code: 11244, message: 'token not exist or expire' });
    }
    if (url.pathname === '/gateway' && req.method === 'GET')
      return json(res, 200, { url: `ws://127.0.0.1:${port}/websocket` });
    const interaction = /^\/interactions\/([^/]+)$/.exec(url.pathname);
    if (interaction && req.method === 'PUT') {
      record({ kind: 'interaction-ack', id: decodeURIComponent(interaction[1] as string), code: body.code });
      res.writeHead(204);
      res.end();
      return;
    }
    const upload = /^\/v2\/(users|groups)\/([A-Za-z0-9]+)\/files$/.exec(url.pathname);
    if (upload && req.method === 'POST') {
      const chatId = upload[1] === 'groups' ? `g-${upload[2]}` : (upload[2] as string);
      const refusal = uploadRefusals.shift();
      if (refusal !== undefined) return json(res, 400, { code: refusal, message: 'upload refused' });
      if (uploadAnswers.length > 0) return json(res, 200, uploadAnswers.shift());
      if (![1, 2, 3].includes(body.file_type))
        return json(res, 400, { code: 40034001, message: 'file_type' });
      const data = Buffer.from(String(body.file_data ?? ''), 'base64');
      if (data.length === 0) return json(res, 400, { code: 40034002, message: 'no file_data' });
      const fileInfo = `info-${media.size + 1}-${randomUUID()}`;
      media.set(fileInfo, { data, fileType: body.file_type, chatId });
      record({
        kind: 'upload',
        chatId,
        fileType: body.file_type,
        data,
        fileInfo,
        srvSendMsg: body.srv_send_msg,
      });
      return json(res, 200, { file_uuid: randomUUID(), file_info: fileInfo, ttl: 3600 });
    }
    const stream = /^\/v2\/users\/([A-Za-z0-9]+)\/stream_messages$/.exec(url.pathname);
    if (stream && req.method === 'POST') return postStream(stream[1] as string, body, res);
    const message = /^\/v2\/(users|groups)\/([A-Za-z0-9]+)\/messages$/.exec(url.pathname);
    if (message && req.method === 'POST') {
      const chatId = message[1] === 'groups' ? `g-${message[2]}` : (message[2] as string);
      return postMessage(chatId, body, res);
    }
    json(res, 404, { code: 404, message: url.pathname });
  }

  // biome-ignore lint/suspicious/noExplicitAny: the request bodies are whatever the client sent
  function postMessage(chatId: string, body: any, res: ServerResponse): undefined {
    const refuse = (code: number, why: string): undefined => {
      record({ kind: 'refused', chatId, code, why });
      json(res, 400, { code, message: why, err_code: code, trace_id: randomUUID() });
      return undefined;
    };
    const text = body.msg_type === 2 ? String(body.markdown?.content ?? '') : String(body.content ?? '');
    const failure = replyFailures.shift();
    if (failure !== undefined) {
      record({ kind: 'failed', chatId, status: failure, text });
      json(res, failure, { code: failure, message: 'server busy, try again later' });
      return undefined;
    }
    const sourceId = String(body.msg_id ?? body.event_id ?? '');
    if (!sourceId) return refuse(40034024, 'active messages are no longer offered');
    const source = sources.get(sourceId);
    if (!source || source.chatId !== chatId) return refuse(40034025, 'msg_id/event_id is not of this chat');
    if (source.expired) return refuse(304027, 'MSG_EXPIRE');
    const msgSeq = Number(body.msg_seq ?? 1);
    if (source.seqs.has(msgSeq)) return refuse(40054005, 'msg_seq used before for this msg_id');
    if (source.replies >= FAKE_MAX_REPLIES) return refuse(22009, 'msg limit exceed');
    if (body.msg_type === 7) {
      const shown = media.get(String(body.media?.file_info ?? ''));
      if (!shown || shown.chatId !== chatId) return refuse(40034006, 'file_info is not of this chat');
    } else if (body.msg_type !== 0 && body.msg_type !== 2) return refuse(40000, 'unsupported msg_type');
    source.seqs.add(msgSeq);
    source.replies += 1;
    const reply: QqReply = { chatId, body, text, source: sourceId, seq: msgSeq };
    replies.push(reply);
    record({ kind: 'reply', reply });
    json(res, 200, { id: `ROBOT1.0_${randomUUID()}`, timestamp: new Date().toISOString() });
    return undefined;
  }

  // biome-ignore lint/suspicious/noExplicitAny: the request bodies are whatever the client sent
  function postStream(chatId: string, body: any, res: ServerResponse): undefined {
    const refuse = (code: number, why: string): undefined => {
      record({ kind: 'refused', chatId, code, why });
      json(res, 400, { code, message: why, err_code: code, trace_id: randomUUID() });
      return undefined;
    };
    if (streamAnswers.length > 0) {
      json(res, 200, streamAnswers.shift());
      return undefined;
    }
    const pending = streamRefusals[0];
    if (pending && pending.after <= 0) {
      streamRefusals.shift();
      return refuse(pending.code, 'stream frame refused');
    }
    if (body.input_mode !== 'replace' || body.content_type !== 'markdown')
      return refuse(40034100, 'input_mode must be replace, content_type markdown');
    if (![1, 10].includes(body.input_state)) return refuse(40034101, 'input_state must be 1 or 10');
    if (
      typeof body.content_raw !== 'string' ||
      !Number.isInteger(body.index) ||
      !Number.isInteger(body.msg_seq)
    )
      return refuse(40034102, 'content_raw, index and msg_seq are required');
    const sourceId = String(body.msg_id ?? '');
    const source = sources.get(sourceId);
    if (!source || source.chatId !== chatId || body.event_id !== sourceId)
      return refuse(40034025, 'msg_id/event_id is not of this chat');
    if (source.expired) return refuse(304027, 'MSG_EXPIRE');
    let open: (typeof streams)[number] | undefined;
    if (body.stream_msg_id === undefined) {
      if (body.index !== 0) return refuse(40034103, 'a new stream starts at index 0');
      if (source.seqs.has(body.msg_seq)) return refuse(40054005, 'msg_seq used before for this msg_id');
      if (source.replies >= FAKE_MAX_REPLIES) return refuse(22009, 'msg limit exceed');
      source.seqs.add(body.msg_seq);
      source.replies += 1;
      open = {
        chatId,
        streamId: `STREAM_${randomUUID()}`,
        frames: [],
        text: '',
        done: false,
        seq: body.msg_seq,
        source: sourceId,
        lastAt: 0,
      };
      streams.push(open);
    } else {
      open = streams.find((s) => s.streamId === body.stream_msg_id && s.chatId === chatId);
      if (!open) return refuse(40034104, 'unknown stream_msg_id');
      if (open.done) return refuse(40034105, 'the stream has ended');
      if (open.source !== sourceId || open.seq !== body.msg_seq)
        return refuse(40034106, 'a stream keeps its msg_id and msg_seq');
      if (body.index !== open.frames.length) return refuse(40034107, `index must be ${open.frames.length}`);
      if (!body.content_raw.startsWith(open.text))
        return refuse(40034108, 'content_raw must begin with what was sent');
      if (Date.now() - open.lastAt < 300) return refuse(40034109, 'frames less than 300 ms apart');
    }
    if (pending) pending.after -= 1;
    open.frames.push(body);
    open.text = body.content_raw;
    open.lastAt = Date.now();
    record({ kind: 'stream', chatId, streamId: open.streamId, body });
    if (body.input_state === 10) {
      open.done = true;
      const reply: QqReply = { chatId, body, text: open.text, source: sourceId, seq: open.seq };
      replies.push(reply);
      record({ kind: 'reply', reply });
    }
    json(res, 200, { id: open.streamId, timestamp: new Date().toISOString() });
    return undefined;
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => json(res, 500, { code: 500, message: 'fake failed' }));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    if (new URL(req.url ?? '/', 'http://fake').pathname !== '/websocket') {
      socket.end('HTTP/1.1 404 Not Found\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => onSocket(ws));
  });

  function onSocket(ws: WebSocket): void {
    connections += 1;
    const connection = connections;
    acking = true;
    all.push(ws);
    ws.on('close', (code) => {
      live = live.filter((w) => w !== ws);
      all = all.filter((w) => w !== ws);
      record({ kind: 'close', connection, code });
    });
    ws.on('message', (data) => {
      // biome-ignore lint/suspicious/noExplicitAny: frames are whatever the client sent
      let frame: any;
      try {
        frame = JSON.parse(data.toString());
      } catch {
        ws.close(4002, 'invalid payload');
        return;
      }
      record({ kind: 'frame', op: frame.op, connection });
      const token = /^QQBot (.+)$/.exec(String(frame.d?.token ?? ''))?.[1] ?? '';
      if (frame.op === 1) {
        record({ kind: 'heartbeat', seq: frame.d ?? null, connection });
        if (acking) ws.send(JSON.stringify({ op: 11 }));
      } else if (frame.op === 2) {
        record({ kind: 'identify', d: frame.d, connection });
        if (!tokens.has(token)) return ws.close(4004, 'authentication failed');
        const sessionId = randomUUID();
        sessions.add(sessionId);
        live.push(ws);
        seq += 1;
        ws.send(
          JSON.stringify({
            op: 0,
            s: seq,
            t: 'READY',
            d: {
              version: 1,
              session_id: sessionId,
              user: { id: '1', username: 'fake bot', bot: true },
              shard: [0, 1],
            },
          }),
        );
        record({ kind: 'ready', connection, sessionId });
      } else if (frame.op === 6) {
        record({ kind: 'resume', d: frame.d, connection });
        if (!tokens.has(token)) return ws.close(4004, 'authentication failed');
        if (!sessions.has(String(frame.d?.session_id))) {
          ws.send(JSON.stringify({ op: 9, d: false }));
          return;
        }
        live.push(ws);
        for (const entry of log) if (entry.s > Number(frame.d?.seq ?? 0)) ws.send(entry.frame);
        seq += 1;
        ws.send(JSON.stringify({ op: 0, s: seq, t: 'RESUMED', d: '' }));
        record({ kind: 'resumed', connection });
      }
    });
    ws.send(JSON.stringify({ op: 10, d: { heartbeat_interval: heartbeatMs } }));
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const apiRoot = `http://127.0.0.1:${port}`;

  const sendAll = (frame: string) => {
    for (const ws of live) ws.send(frame);
  };

  const fake: FakeQq = {
    appId,
    clientSecret,
    apiRoot,
    tokenUrl: `${apiRoot}/app/getAppAccessToken`,
    events,
    replies,
    say(from, text, options = {}) {
      const id = options.msgId ?? `ROBOT1.0_fake-${nextMsg++}`;
      const chatId = options.group ? `g-${options.group}` : from;
      if (!sources.has(id)) sources.set(id, { chatId, expired: false, seqs: new Set(), replies: 0 });
      const common = {
        id,
        content: text,
        timestamp: new Date().toISOString(),
        attachments: options.attachments,
      };
      if (options.group)
        fake.dispatch('GROUP_AT_MESSAGE_CREATE', {
          ...common,
          group_id: options.group,
          group_openid: options.group,
          author: { id: from, member_openid: from, union_openid: from },
        });
      else
        fake.dispatch('C2C_MESSAGE_CREATE', {
          ...common,
          author: { id: from, user_openid: from, union_openid: from },
          message_scene: { source: 'default' },
        });
      return id;
    },
    press(from, data, group) {
      const id = randomUUID();
      const chatId = group ? `g-${group}` : from;
      sources.set(id, { chatId, expired: false, seqs: new Set(), replies: 0 });
      fake.dispatch('INTERACTION_CREATE', {
        id,
        type: 11,
        scene: group ? 'group' : 'c2c',
        chat_type: group ? 1 : 2,
        timestamp: new Date().toISOString(),
        ...(group ? { group_openid: group, group_member_openid: from } : { user_openid: from }),
        data: { type: 11, resolved: { button_data: data, button_id: '1' } },
        version: 1,
      });
      return id;
    },
    dispatch(type, d) {
      seq += 1;
      const frame = JSON.stringify({ op: 0, s: seq, t: type, id: `${type}:${randomUUID()}`, d });
      log.push({ s: seq, frame });
      if (webhookUrl) void postWebhook(frame).catch(() => undefined);
      else sendAll(frame);
      return seq;
    },
    sendRaw(frame) {
      sendAll(frame);
    },
    sendOp(op, d) {
      sendAll(JSON.stringify({ op, ...(d !== undefined ? { d } : {}) }));
    },
    dropConnections() {
      for (const ws of all) ws.terminate();
      live = [];
    },
    closeConnections(code) {
      for (const ws of all) ws.close(code);
      live = [];
    },
    stopAcking() {
      acking = false;
    },
    expireMessage(msgId) {
      const source = sources.get(msgId);
      if (source) source.expired = true;
    },
    expireTokens() {
      tokens.clear();
    },
    setTokenLifetime(seconds) {
      tokenLifetime = seconds;
    },
    addFile(name, data) {
      files.set(name, data);
    },
    streams,
    answerStreams(...bodies) {
      streamAnswers.push(...bodies);
    },
    refuseStreamFrames(code, after = 0, count = 1) {
      for (let i = 0; i < count; i++) streamRefusals.push({ after: i === 0 ? after : 0, code });
    },
    refuseUploads(code, count = 1) {
      for (let i = 0; i < count; i++) uploadRefusals.push(code);
    },
    failReplies(status, count = 1) {
      for (let i = 0; i < count; i++) replyFailures.push(status);
    },
    mediaOf: (fileInfo) => media.get(fileInfo),
    answerUploads(...bodies) {
      uploadAnswers.push(...bodies);
    },
    useWebhook(url) {
      webhookUrl = url;
    },
    postWebhook,
    connectionCount: () => connections,
    tokenCount: () => tokensIssued,
    waitFor(match) {
      const seen = events.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
    async waitForReply(chatId, text) {
      const event = await fake.waitFor(
        (e) => e.kind === 'reply' && e.reply.chatId === chatId && e.reply.text.includes(text),
      );
      return (event as { reply: QqReply }).reply;
    },
    async close() {
      for (const ws of all) ws.terminate();
      wss.close();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
