/**
 * A fake DingTalk on loopback, for the DingTalk channel's tests, speaking the wire protocol
 * of Stream mode as dingtalk-stream 2.1.5 uses it:
 * - `POST /v1.0/gateway/connections/open` (client id, secret, subscriptions) → `{ endpoint, ticket }`;
 * - the stream WebSocket at that endpoint (`?ticket=`, single use): the fake pushes CALLBACK
 *   frames (`{ specVersion, type, headers: { messageId, topic, … }, data }`) and SYSTEM pings,
 *   and records the client's answers (`{ code: 200, headers: { messageId }, message, data }`);
 * - session webhooks (`POST /robot/sendBySession?session=`) recording the bot's replies, refused
 *   once the message's `sessionWebhookExpiredTime` has passed;
 * - `POST /v1.0/oauth2/accessToken` and `POST /v1.0/robot/messageFiles/download` + the file URL;
 * - the robot OpenAPI (`/v1.0/robot/groupMessages/send`, `/v1.0/robot/oToMessages/batchSend`,
 *   `msgKey: sampleMarkdown`), recorded as replies like the webhook's; `sampleImageMsg` and
 *   `sampleFile` naming a media id from `POST /media/upload?access_token=&type=` (multipart
 *   `media`, 20 MB at most, a file only of DingTalk's document types), recorded in `media`;
 * - the card platform (`POST /v1.0/card/instances/createAndDeliver`, `PUT /v1.0/card/instances`),
 *   and button presses pushed on the card callback topic as DingTalk's Stream mode does.
 * Every OpenAPI call needs a token from `accessToken` (`x-acs-dingtalk-access-token`, else 401).
 * Tests wait on the recorded events (never on time).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';
import { readBody } from './fake-llm.js';
import { readMultipart, type UploadedFile } from './multipart.js';

export const TOPIC_ROBOT = '/v1.0/im/bot/messages/get';
export const TOPIC_CARD = '/v1.0/card/instances/callback';
/** The one card template the fake knows (any other is refused, as DingTalk refuses an unknown one). */
export const FAKE_CARD_TEMPLATE = 'fake-approval-template.schema';
/** DingTalk's limit on a Markdown message's text (the fake refuses longer ones). */
export const FAKE_MARKDOWN_LIMIT = 5000;

export interface Reply {
  chatId: string;
  msgtype: string;
  title: string;
  text: string;
  /** The reply webhook, or the robot OpenAPI. */
  via: 'webhook' | 'openapi';
}

/** A card as DingTalk holds it: its public variables and each user's private ones. */
export interface FakeCard {
  outTrackId: string;
  chatId: string;
  openSpaceId: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read what the client sent
  request: any;
  params: Record<string, string>;
  privateParams: Record<string, Record<string, string>>;
}

export type FakeDingTalkEvent =
  // biome-ignore lint/suspicious/noExplicitAny: tests read what the client sent
  | { kind: 'open'; body: any; status: number }
  | { kind: 'connect'; connection: number }
  | { kind: 'ack'; messageId: string; data: string }
  | { kind: 'pong'; messageId: string }
  | { kind: 'reply'; reply: Reply }
  | { kind: 'token'; status: number }
  | { kind: 'download'; downloadCode: string }
  | { kind: 'card'; card: FakeCard }
  | { kind: 'card-update'; card: FakeCard }
  | { kind: 'openapi-refused'; path: string; status: number }
  | { kind: 'media'; sent: SentMedia };

/** A picture or file the robot sent: its message and the bytes uploaded for it. */
export interface SentMedia {
  chatId: string;
  msgKey: 'sampleImageMsg' | 'sampleFile';
  // biome-ignore lint/suspicious/noExplicitAny: tests read what the client sent
  msgParam: any;
  /** The upload's `type` and bytes. */
  type: string;
  data: Buffer;
}

const MAX_MEDIA_BYTES = 20 * 1024 * 1024;
const FILE_TYPES = ['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'zip', 'pdf', 'rar'];

export interface SayOptions {
  /** Conversation id (default: `cid-<from>`, a one-to-one chat). */
  chat?: string;
  group?: boolean;
  /** In a group: whether the bot was @-mentioned (DingTalk pushes only then; default true). */
  isInAtList?: boolean;
  msgId?: string;
  msgtype?: string;
  content?: Record<string, unknown>;
  /** Default: an hour from now. */
  webhookExpiresAt?: number;
}

export interface FakeDingTalk {
  /** For `channels.dingtalk.api_root`. */
  apiRoot: string;
  clientId: string;
  clientSecret: string;
  readonly events: FakeDingTalkEvent[];
  readonly replies: Reply[];
  /** Pictures and files the robot sent, in order. */
  readonly media: SentMedia[];
  /** The next `count` media uploads answer HTTP 200 with `body` as it is (an error code, garbage). */
  garbleUpload(body: string, count?: number): void;
  /** A robot text message from staff id `from`; returns its msgId and the frame's messageId. */
  say(from: string, text: string, options?: SayOptions): { msgId: string; frameId: string };
  /** Pushes a CALLBACK frame on the robot topic with this `data` (an object is JSON-encoded). */
  push(data: unknown): string;
  /** Sends a raw text frame as is (e.g. not JSON). */
  sendRaw(frame: string): void;
  /** Sends a SYSTEM ping; resolves when the client answers it. */
  ping(): Promise<void>;
  addFile(downloadCode: string, data: Uint8Array): void;
  readonly cards: Map<string, FakeCard>;
  /** `userId` presses button `button` ("0".."2") of a card; returns the callback frame (for `resend`). */
  press(userId: string, outTrackId: string, button: string): { frameId: string; frame: string };
  /** Sends a frame again as is (DingTalk redelivering a callback it thinks was lost). */
  resend(frame: string): void;
  /** The next `count` robot/card OpenAPI calls answer with HTTP `status`. */
  failOpenApi(status: number, count: number): void;
  /** Every access token handed out so far stops working (as when DingTalk expires them). */
  expireTokens(): void;
  /** Every reply webhook handed out so far stops working, before the time it said. */
  endSessions(): void;
  /** The next `count` `connections/open` calls answer with HTTP `status`. */
  failOpen(status: number, count: number): void;
  /** Terminates every stream WebSocket (a dropped network). */
  dropConnections(): void;
  /** Stream connections opened so far. */
  connectionCount(): number;
  waitFor(match: (event: FakeDingTalkEvent) => boolean): Promise<FakeDingTalkEvent>;
  /** Resolves with the first reply (already sent or future) to `chatId` whose text contains `text`. */
  waitForReply(chatId: string, text: string): Promise<Reply>;
  close(): Promise<void>;
}

export async function startFakeDingTalk(
  clientId = 'dingfaketestclient',
  clientSecret = 'fake-secret-0123456789',
): Promise<FakeDingTalk> {
  const events: FakeDingTalkEvent[] = [];
  const replies: Reply[] = [];
  const media: SentMedia[] = [];
  const uploads = new Map<string, { type: string; data: Buffer }>();
  let uploadGarbles = { body: '', count: 0 };
  let waiters: { match: (event: FakeDingTalkEvent) => boolean; resolve: (e: FakeDingTalkEvent) => void }[] =
    [];
  const tickets = new Set<string>();
  const sessions = new Map<string, { chat: string; expiresAt: number }>();
  /** Staff id → their one-to-one conversation with the robot (known once they wrote). */
  const directChats = new Map<string, string>();
  const cards = new Map<string, FakeCard>();
  let openApiFailures = { status: 0, count: 0 };
  let cardSubscribed = false;
  const files = new Map<string, Uint8Array>();
  const tokens = new Set<string>();
  const sockets = new Set<Socket>();
  let clients: WebSocket[] = [];
  /** Frames pushed while no stream was connected: sent when one is. */
  const backlog: string[] = [];
  let openFailures = { status: 0, count: 0 };
  let connections = 0;
  let subscribed = false;

  function record(event: FakeDingTalkEvent): void {
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

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname === '/media/upload' && req.method === 'POST') return upload(req, url, res);
    const raw = req.method === 'POST' || req.method === 'PUT' ? await readBody(req) : '';
    // biome-ignore lint/suspicious/noExplicitAny: the request bodies are whatever the client sent
    let body: any = {};
    try {
      body = raw ? JSON.parse(raw) : {};
    } catch {
      return json(res, 400, { code: 'InvalidJson', message: 'body is not JSON' });
    }
    if (url.pathname === '/v1.0/gateway/connections/open' && req.method === 'POST') {
      if (openFailures.count > 0) {
        openFailures.count -= 1;
        record({ kind: 'open', body, status: openFailures.status });
        return json(res, openFailures.status, { code: 'ServiceUnavailable', message: 'try later' });
      }
      if (body.clientId !== clientId || body.clientSecret !== clientSecret) {
        record({ kind: 'open', body, status: 401 });
        return json(res, 401, {
          code: 'InvalidAuthentication',
          message: 'clientId or clientSecret is invalid',
        });
      }
      const topics = (body.subscriptions ?? [])
        .filter((s: { type: string }) => s.type === 'CALLBACK')
        .map((s: { topic: string }) => s.topic);
      subscribed = topics.includes(TOPIC_ROBOT);
      cardSubscribed = topics.includes(TOPIC_CARD);
      const ticket = randomUUID();
      tickets.add(ticket);
      record({ kind: 'open', body, status: 200 });
      return json(res, 200, { endpoint: `ws://127.0.0.1:${port}/connect`, ticket });
    }
    if (url.pathname === '/v1.0/oauth2/accessToken' && req.method === 'POST') {
      if (body.appKey !== clientId || body.appSecret !== clientSecret) {
        record({ kind: 'token', status: 400 });
        return json(res, 400, { code: 'invalidClientIdOrSecret', message: 'appkey or appsecret is invalid' });
      }
      const token = randomUUID();
      tokens.add(token);
      record({ kind: 'token', status: 200 });
      return json(res, 200, { accessToken: token, expireIn: 7200 });
    }
    if (url.pathname.startsWith('/v1.0/robot/') || url.pathname.startsWith('/v1.0/card/')) {
      if (!tokens.has(String(req.headers['x-acs-dingtalk-access-token'])))
        return json(res, 401, { code: 'InvalidAuthentication', message: '不合法的access_token' });
      if (openApiFailures.count > 0 && url.pathname !== '/v1.0/robot/messageFiles/download') {
        openApiFailures.count -= 1;
        record({ kind: 'openapi-refused', path: url.pathname, status: openApiFailures.status });
        return json(res, openApiFailures.status, { code: 'ServiceUnavailable', message: 'try later' });
      }
      const answered = openApi(url.pathname, req.method ?? '', body, res);
      if (answered) return;
    }
    if (url.pathname === '/v1.0/robot/messageFiles/download' && req.method === 'POST') {
      if (!tokens.has(String(req.headers['x-acs-dingtalk-access-token'])))
        return json(res, 401, { code: 'InvalidAuthentication', message: 'bad access token' });
      if (!files.has(body.downloadCode)) return json(res, 400, { code: 'invalidDownloadCode', message: '' });
      record({ kind: 'download', downloadCode: body.downloadCode });
      return json(res, 200, { downloadUrl: `${apiRoot}/files/${encodeURIComponent(body.downloadCode)}` });
    }
    if (url.pathname.startsWith('/files/')) {
      const data = files.get(decodeURIComponent(url.pathname.slice('/files/'.length)));
      if (!data) return json(res, 404, {});
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.end(data);
      return;
    }
    if (url.pathname === '/robot/sendBySession' && req.method === 'POST') {
      const session = sessions.get(url.searchParams.get('session') ?? '');
      if (!session || Date.now() >= session.expiresAt)
        return json(res, 200, { errcode: 300001, errmsg: 'session is invalid' });
      const text = String(body.markdown?.text ?? body.text?.content ?? '');
      if ([...text].length > FAKE_MARKDOWN_LIMIT)
        return json(res, 200, { errcode: 460101, errmsg: 'too long' });
      addReply({
        chatId: session.chat,
        msgtype: String(body.msgtype),
        title: String(body.markdown?.title ?? ''),
        text,
        via: 'webhook',
      });
      return json(res, 200, { errcode: 0, errmsg: 'ok' });
    }
    json(res, 404, { code: 'NotFound', message: url.pathname });
  }

  /** The old API's media upload: the token in the query, errors as `errcode` in a 200 body. */
  async function upload(req: IncomingMessage, url: URL, res: ServerResponse): Promise<void> {
    const body = await readMultipart(req, req.headers['content-type'] ?? '').catch(() => ({}));
    if (uploadGarbles.count > 0) {
      uploadGarbles.count -= 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(uploadGarbles.body);
      return;
    }
    if (!tokens.has(url.searchParams.get('access_token') ?? ''))
      return json(res, 200, { errcode: 40014, errmsg: '不合法的access_token' });
    const type = url.searchParams.get('type') ?? '';
    const file = (body as Record<string, unknown>).media as UploadedFile | undefined;
    if (!['image', 'file'].includes(type) || typeof file !== 'object' || !file.data?.length)
      return json(res, 200, { errcode: 40004, errmsg: '不合法的媒体文件类型' });
    if (file.data.length > MAX_MEDIA_BYTES)
      return json(res, 200, { errcode: 40006, errmsg: '不合法的文件大小' });
    const ext = file.name.split('.').at(-1)?.toLowerCase() ?? '';
    if (type === 'file' && !FILE_TYPES.includes(ext))
      return json(res, 200, { errcode: 40005, errmsg: '不合法的文件类型' });
    const mediaId = `@lA${randomUUID()}`;
    uploads.set(mediaId, { type, data: file.data });
    json(res, 200, { errcode: 0, errmsg: 'ok', type, media_id: mediaId, created_at: Date.now() });
  }

  function addReply(reply: Reply): void {
    replies.push(reply);
    record({ kind: 'reply', reply });
  }

  /** Answers 400 as DingTalk does for a bad parameter; true, for `return refuse(…)` in `openApi`. */
  const refuse = (res: ServerResponse, message: string): true => {
    json(res, 400, { code: 'param.invalid', message });
    return true;
  };

  /** The robot and card OpenAPI; false when `path` is none of them. */
  // biome-ignore lint/suspicious/noExplicitAny: the request bodies are whatever the client sent
  function openApi(path: string, method: string, body: any, res: ServerResponse): boolean {
    const robotMessage =
      path === '/v1.0/robot/groupMessages/send' || path === '/v1.0/robot/oToMessages/batchSend';
    if (robotMessage && method === 'POST') {
      if (body.robotCode !== clientId) return refuse(res, 'robotCode is invalid');
      const chats =
        path === '/v1.0/robot/groupMessages/send'
          ? [String(body.openConversationId)]
          : (body.userIds as string[]).map((id) => directChats.get(id) ?? `user:${id}`);
      if (body.msgKey === 'sampleImageMsg' || body.msgKey === 'sampleFile') {
        const msgParam = JSON.parse(String(body.msgParam ?? '{}'));
        const image = body.msgKey === 'sampleImageMsg';
        const uploaded = uploads.get(String(image ? msgParam.photoURL : msgParam.mediaId));
        if (!uploaded || uploaded.type !== (image ? 'image' : 'file')) return refuse(res, 'media not found');
        if (!image && (!msgParam.fileName || !FILE_TYPES.includes(msgParam.fileType)))
          return refuse(res, 'fileName or fileType is invalid');
        for (const chatId of chats) {
          const sent: SentMedia = { chatId, msgKey: body.msgKey, msgParam, ...uploaded };
          media.push(sent);
          record({ kind: 'media', sent });
        }
        json(res, 200, {
          processQueryKey: randomUUID(),
          invalidStaffIdList: [],
          flowControlledStaffIdList: [],
        });
        return true;
      }
      if (body.msgKey !== 'sampleMarkdown') return refuse(res, 'msgKey is not sampleMarkdown');
      const param = JSON.parse(String(body.msgParam ?? '{}')) as { title?: string; text?: string };
      if ([...String(param.text)].length > FAKE_MARKDOWN_LIMIT) return refuse(res, 'too long');
      for (const chatId of chats)
        addReply({
          chatId,
          msgtype: 'sampleMarkdown',
          title: String(param.title),
          text: String(param.text),
          via: 'openapi',
        });
      json(res, 200, {
        processQueryKey: randomUUID(),
        invalidStaffIdList: [],
        flowControlledStaffIdList: [],
      });
      return true;
    }
    if (path === '/v1.0/card/instances/createAndDeliver' && method === 'POST') {
      if (body.cardTemplateId !== FAKE_CARD_TEMPLATE) return refuse(res, 'cardTemplateId not found');
      if (body.callbackType !== 'STREAM') return refuse(res, 'callbackType is not STREAM');
      const space = /^dtv1\.card\/\/(IM_GROUP|IM_ROBOT)\.(.+)$/.exec(String(body.openSpaceId));
      const deliver = space?.[1] === 'IM_GROUP' ? body.imGroupOpenDeliverModel : body.imRobotOpenDeliverModel;
      if (!space || deliver?.robotCode !== clientId) return refuse(res, 'openSpaceId or robotCode');
      const [, spaceType, spaceId] = space as unknown as [string, string, string];
      const card: FakeCard = {
        outTrackId: String(body.outTrackId),
        chatId: spaceType === 'IM_GROUP' ? spaceId : (directChats.get(spaceId) ?? `user:${spaceId}`),
        openSpaceId: String(body.openSpaceId),
        request: body,
        params: { ...body.cardData?.cardParamMap },
        privateParams: {},
      };
      cards.set(card.outTrackId, card);
      record({ kind: 'card', card });
      json(res, 200, {
        success: true,
        result: {
          outTrackId: card.outTrackId,
          deliverResults: [{ spaceType, spaceId, success: true }],
        },
      });
      return true;
    }
    if (path === '/v1.0/card/instances' && method === 'PUT') {
      const card = cards.get(String(body.outTrackId));
      if (!card) return refuse(res, 'card not found');
      Object.assign(card.params, body.cardData?.cardParamMap ?? {});
      for (const [userId, data] of Object.entries(body.privateData ?? {}))
        card.privateParams[userId] = {
          ...card.privateParams[userId],
          ...(data as { cardParamMap: Record<string, string> }).cardParamMap,
        };
      record({ kind: 'card-update', card });
      json(res, 200, { success: true, result: true });
      return true;
    }
    return false;
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => json(res, 500, { code: 'InternalError' }));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const ticket = url.searchParams.get('ticket') ?? '';
    if (url.pathname !== '/connect' || !tickets.delete(ticket)) {
      socket.end('HTTP/1.1 401 Unauthorized\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      clients.push(ws);
      connections += 1;
      ws.on('message', (data) => onClientFrame(data.toString()));
      ws.on('close', () => {
        clients = clients.filter((c) => c !== ws);
      });
      record({ kind: 'connect', connection: connections });
      for (const frame of backlog.splice(0)) ws.send(frame);
    });
  });

  function onClientFrame(raw: string): void {
    const frame = JSON.parse(raw) as { headers?: { messageId?: string; topic?: string }; data?: string };
    const messageId = frame.headers?.messageId ?? '';
    if (frame.headers?.topic === 'ping') record({ kind: 'pong', messageId });
    else record({ kind: 'ack', messageId, data: String(frame.data) });
  }

  function sendFrame(frame: string): void {
    const open = clients.filter((c) => c.readyState === c.OPEN);
    if (open.length === 0) backlog.push(frame);
    for (const client of open) client.send(frame);
  }

  function frame(type: string, topic: string, data: string): { messageId: string; text: string } {
    const messageId = randomUUID();
    const headers = {
      appId: 'fake-app',
      connectionId: `conn-${connections}`,
      contentType: 'application/json',
      messageId,
      time: String(Date.now()),
      topic,
    };
    return { messageId, text: JSON.stringify({ specVersion: '1.0', type, headers, data }) };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const apiRoot = `http://127.0.0.1:${port}`;
  let nextMsg = 1;

  const fake: FakeDingTalk = {
    apiRoot,
    clientId,
    clientSecret,
    events,
    replies,
    media,
    garbleUpload(body, count = 1) {
      uploadGarbles = { body, count };
    },
    say(from, text, options = {}) {
      const chat = options.chat ?? `cid-${from}`;
      const session = randomUUID();
      const expiresAt = options.webhookExpiresAt ?? Date.now() + 3_600_000;
      sessions.set(session, { chat, expiresAt });
      if (!options.group) directChats.set(from, chat);
      const msgId = options.msgId ?? `msg-${nextMsg++}`;
      const msgtype = options.msgtype ?? 'text';
      const frameId = fake.push({
        conversationId: chat,
        chatbotCorpId: 'corp-fake',
        chatbotUserId: 'bot-user',
        msgId,
        senderNick: `user ${from}`,
        isAdmin: false,
        senderStaffId: from,
        sessionWebhookExpiredTime: expiresAt,
        createAt: Date.now(),
        senderCorpId: 'corp-fake',
        conversationType: options.group ? '2' : '1',
        senderId: `$:LWCP_v1:$${from}`,
        sessionWebhook: `${apiRoot}/robot/sendBySession?session=${session}`,
        robotCode: clientId,
        msgtype,
        ...(options.group ? { isInAtList: options.isInAtList ?? true, conversationTitle: 'a group' } : {}),
        ...(msgtype === 'text' ? { text: { content: text } } : { content: options.content ?? {} }),
      });
      return { msgId, frameId };
    },
    push(data) {
      if (!subscribed) throw new Error('the client has not subscribed to the robot topic');
      const built = frame('CALLBACK', TOPIC_ROBOT, typeof data === 'string' ? data : JSON.stringify(data));
      sendFrame(built.text);
      return built.messageId;
    },
    sendRaw(text) {
      sendFrame(text);
    },
    async ping() {
      const built = frame('SYSTEM', 'ping', JSON.stringify({ opaque: randomUUID() }));
      const answered = fake.waitFor((e) => e.kind === 'pong' && e.messageId === built.messageId);
      sendFrame(built.text);
      await answered;
    },
    addFile(downloadCode, data) {
      files.set(downloadCode, data);
    },
    cards,
    press(userId, outTrackId, button) {
      if (!cardSubscribed) throw new Error('the client has not subscribed to the card callback topic');
      const data = {
        outTrackId,
        corpId: 'corp-fake',
        userId,
        userIdType: 1,
        type: 'actionCallback',
        spaceType: 'IM',
        content: JSON.stringify({ cardPrivateData: { actionIds: [`button${button}`], params: { button } } }),
      };
      const built = frame('CALLBACK', TOPIC_CARD, JSON.stringify(data));
      sendFrame(built.text);
      return { frameId: built.messageId, frame: built.text };
    },
    resend(text) {
      sendFrame(text);
    },
    failOpenApi(status, count) {
      openApiFailures = { status, count };
    },
    expireTokens() {
      tokens.clear();
    },
    endSessions() {
      sessions.clear();
    },
    failOpen(status, count) {
      openFailures = { status, count };
    },
    dropConnections() {
      for (const client of clients) client.terminate();
      clients = [];
    },
    connectionCount: () => connections,
    waitFor(match) {
      const seen = events.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
    async waitForReply(chatId, text) {
      const event = await fake.waitFor(
        (e) => e.kind === 'reply' && e.reply.chatId === chatId && e.reply.text.includes(text),
      );
      return (event as { reply: Reply }).reply;
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
