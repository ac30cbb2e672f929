/**
 * A fake iLink bot API (personal WeChat) on loopback, at its wire level: the QR login
 * (`get_bot_qrcode`, the held `get_qrcode_status` GET), the long-polled `getupdates` with its
 * cursor, `sendmessage`, `getconfig` / `sendtyping`, and the media CDN's `download` serving
 * AES-128-ECB cipher text; media the bot sends: `getuploadurl` and the CDN's `upload` (kept, and
 * decrypted with the key the message names: `sentMedia`). The bot token is checked on every bot call (`expire()` makes iLink
 * answer errcode -14). Tests push messages and QR statuses, inject failures and wait on the
 * recorded calls (never on time).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createCallLog } from './call-log.js';
import { readBody } from './fake-llm.js';

export interface FakeWeChatCall {
  /** `getupdates`, `sendmessage`, `get_qrcode_status` … */
  name: string;
  headers: IncomingMessage['headers'];
  query: URLSearchParams;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary fields of what was sent
  body: any;
}

export interface SentText {
  to: string;
  text: string;
  contextToken?: string;
}

/** A file the bot put on the CDN: what `getuploadurl` was told, and the cipher text posted. */
export interface FakeUpload {
  // biome-ignore lint/suspicious/noExplicitAny: the wire shape
  request: any;
  /** The `upload_param` handed out, and the download parameter answered for it (once posted). */
  param: string;
  download?: string;
  cipher?: Buffer;
  filekey?: string;
}

/** How the next `getuploadurl` or CDN upload answers (default: an `upload_param`, then 200). */
export type UploadAnswer =
  | { fullUrl: string }
  | { getuploadurl: Record<string, unknown> }
  | { cdnStatus: number }
  | { noDownloadParam: true };

/** One failure of a poll: an HTTP status, or a 200 whose body is not JSON. */
type PollFailure = { status: number } | { badJson: true };

export interface FakeWeChat {
  /** For `channels.wechat.api_root`. */
  apiRoot: string;
  /** For `channels.wechat.cdn_root`. */
  cdnRoot: string;
  /** The token iLink accepts now. */
  token: string;
  readonly calls: FakeWeChatCall[];
  readonly sent: SentText[];
  /** A message from user `from`; returns its message id. */
  say(from: string, text: string, extra?: Record<string, unknown>): string;
  /** Queues a raw message (any shape) for the next poll. */
  push(message: unknown): void;
  /** Puts `data` on the CDN encrypted with a new key; returns the query param and the key. */
  addMedia(data: Buffer): { param: string; key: Buffer };
  /** The next `count` polls fail. */
  failPolls(failure: PollFailure, count?: number): void;
  /** The next status poll of the current QR code answers `status` (with `extra` fields). */
  qrStatus(status: string, extra?: Record<string, unknown>): void;
  /** From now on the bot token is stale (errcode -14). */
  expire(): void;
  /** Accepts `token` from now on (a new QR login). */
  accept(token: string): void;
  readonly uploads: FakeUpload[];
  /** Answers for the next uploads, in order. */
  scriptUploads(...answers: UploadAnswer[]): void;
  /**
   * The plain bytes of a sent item's media: the cipher text posted to the CDN for its
   * `encrypt_query_param`, decrypted with its `aes_key` (base64 of the key's hex, as iLink has it).
   */
  sentMedia(media: { encrypt_query_param: string; aes_key: string }): Buffer;
  waitForCall(match: (call: FakeWeChatCall) => boolean): Promise<FakeWeChatCall>;
  waitForText(to: string, includes: string): Promise<SentText>;
  close(): Promise<void>;
}

export async function startFakeWeChat(): Promise<FakeWeChat> {
  const log = createCallLog<FakeWeChatCall>();
  const texts = createCallLog<SentText>();
  const media = new Map<string, Buffer>();
  const uploads: FakeUpload[] = [];
  const uploadAnswers: UploadAnswer[] = [];
  let token = `bot-token-${randomBytes(6).toString('hex')}`;
  let expired = false;
  let messages: unknown[] = [];
  let cursor = 0;
  let messageId = 7_000_000_000_000_000_000n;
  let qrCount = 0;
  const failures: PollFailure[] = [];
  const statuses: { status: string; extra: Record<string, unknown> }[] = [];
  const heldPolls = new Set<() => void>();
  const heldStatus = new Set<() => void>();
  const sockets = new Set<Socket>();

  const json = (res: ServerResponse, status: number, body: unknown) => {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json' }).end(text);
  };
  const wake = (held: Set<() => void>) => {
    for (const resume of [...held]) resume();
  };

  const answerPoll = (res: ServerResponse) => {
    const failure = failures.shift();
    if (failure && 'status' in failure) return json(res, failure.status, { errmsg: 'fake failure' });
    if (failure) return json(res, 200, '{"ret":0,"msgs":[');
    if (expired) return json(res, 200, { ret: -14, errcode: -14, errmsg: 'session timeout' });
    const batch = messages;
    messages = [];
    cursor += 1;
    // message_id as a bare uint64, as iLink sends it.
    const body = JSON.stringify({
      ret: 0,
      msgs: batch,
      get_updates_buf: `buf-${cursor}`,
      longpolling_timeout_ms: 35_000,
    });
    json(res, 200, body.replace(/"message_id":"(\d+)"/g, '"message_id":$1'));
  };

  /** The CDN's upload: the raw cipher text as the body, answered with `x-encrypted-param`. */
  function acceptUpload(req: IncomingMessage, url: URL, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const upload = uploads.find((u) => u.param === url.searchParams.get('encrypted_query_param'));
      if (!upload) return void res.writeHead(400, { 'x-error-message': 'unknown upload param' }).end();
      const next = uploadAnswers[0];
      const answer =
        next && ('cdnStatus' in next || 'noDownloadParam' in next) ? uploadAnswers.shift() : undefined;
      if (answer && 'cdnStatus' in answer)
        return void res.writeHead(answer.cdnStatus, { 'x-error-message': 'fake CDN failure' }).end();
      upload.cipher = Buffer.concat(chunks);
      upload.filekey = url.searchParams.get('filekey') ?? '';
      if (answer) return void res.writeHead(200).end();
      upload.download = `down-${upload.param}`;
      media.set(upload.download, upload.cipher);
      res.writeHead(200, { 'x-encrypted-param': upload.download }).end();
    });
  }

  const server = createServer((req, res) => {
    if (req.method === 'POST' && req.url?.startsWith('/c2c/upload'))
      return acceptUpload(req, new URL(req.url, 'http://fake'), res);
    void readBody(req).then((raw) => {
      const url = new URL(req.url ?? '/', 'http://fake');
      if (url.pathname === '/c2c/download') {
        const data = media.get(url.searchParams.get('encrypted_query_param') ?? '');
        if (!data) return res.writeHead(404).end();
        return res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(data);
      }
      const name = url.pathname.replace(/^\/ilink\/bot\//, '');
      let body: unknown = {};
      try {
        body = raw ? JSON.parse(raw) : {};
      } catch {
        return json(res, 400, { errmsg: 'bad json' });
      }
      log.record({ name, headers: req.headers, query: url.searchParams, body });
      if (name === 'get_bot_qrcode') {
        qrCount += 1;
        return json(res, 200, {
          qrcode: `qr-${qrCount}`,
          qrcode_img_content: `https://liteapp.weixin.qq.com/q/fake${qrCount}?bot_type=3`,
        });
      }
      if (name === 'get_qrcode_status') {
        const answer = () => {
          const next = statuses.shift();
          if (!next) return false;
          json(res, 200, { status: next.status, ...next.extra });
          return true;
        };
        if (answer()) return;
        const resume = () => {
          if (answer()) heldStatus.delete(resume);
        };
        heldStatus.add(resume);
        res.on('close', () => heldStatus.delete(resume));
        return;
      }
      if (req.headers.authorization !== `Bearer ${token}` && !expired)
        return json(res, 200, { ret: -14, errcode: -14, errmsg: 'session timeout' });
      if (name === 'getupdates') {
        if (failures.length > 0 || expired || messages.length > 0) return answerPoll(res);
        const resume = () => {
          heldPolls.delete(resume);
          answerPoll(res);
        };
        heldPolls.add(resume);
        res.on('close', () => heldPolls.delete(resume));
        return;
      }
      if (expired) return json(res, 200, { ret: -14, errcode: -14, errmsg: 'session timeout' });
      if (name === 'sendmessage') {
        // biome-ignore lint/suspicious/noExplicitAny: the wire shape
        const msg = (body as any).msg;
        texts.record({
          to: msg.to_user_id,
          text: msg.item_list?.[0]?.text_item?.text ?? '',
          contextToken: msg.context_token,
        });
        return json(res, 200, { ret: 0 });
      }
      if (name === 'getuploadurl') {
        const param = `up-${uploads.length + 1}`;
        uploads.push({ request: body, param });
        const next = uploadAnswers[0];
        if (next && 'fullUrl' in next) {
          uploadAnswers.shift();
          return json(res, 200, { ret: 0, upload_full_url: next.fullUrl });
        }
        if (next && 'getuploadurl' in next) {
          uploadAnswers.shift();
          return json(res, 200, next.getuploadurl);
        }
        return json(res, 200, { ret: 0, upload_param: param });
      }
      if (name === 'getconfig') return json(res, 200, { ret: 0, typing_ticket: 'dGlja2V0' });
      if (name === 'sendtyping') return json(res, 200, { ret: 0 });
      return json(res, 404, { errmsg: 'unknown endpoint' });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const push = (message: unknown) => {
    messages.push(message);
    wake(heldPolls);
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    apiRoot: root,
    cdnRoot: `${root}/c2c`,
    get token() {
      return token;
    },
    calls: log.calls,
    sent: texts.calls,
    uploads,
    scriptUploads(...answers) {
      uploadAnswers.push(...answers);
    },
    sentMedia(item) {
      const cipher = media.get(item.encrypt_query_param);
      if (!cipher) throw new Error(`nothing was uploaded for ${item.encrypt_query_param}`);
      const hex = Buffer.from(item.aes_key, 'base64').toString('latin1');
      const decipher = createDecipheriv('aes-128-ecb', Buffer.from(hex, 'hex'), null);
      return Buffer.concat([decipher.update(cipher), decipher.final()]);
    },
    say(from, text, extra = {}) {
      messageId += 1n;
      const id = String(messageId);
      push({
        message_id: id,
        from_user_id: from,
        to_user_id: 'bot@im.bot',
        message_type: 1,
        message_state: 2,
        context_token: `ctx-${from}-${id}`,
        item_list: [{ type: 1, text_item: { text } }],
        ...extra,
      });
      return id;
    },
    push,
    addMedia(data) {
      const key = randomBytes(16);
      const cipher = createCipheriv('aes-128-ecb', key, null);
      const param = `media-${media.size + 1}`;
      media.set(param, Buffer.concat([cipher.update(data), cipher.final()]));
      return { param, key };
    },
    failPolls(failure, count = 1) {
      for (let i = 0; i < count; i++) failures.push(failure);
      wake(heldPolls);
    },
    qrStatus(status, extra = {}) {
      statuses.push({ status, extra });
      wake(heldStatus);
    },
    expire() {
      expired = true;
      wake(heldPolls);
    },
    accept(next) {
      token = next;
      expired = false;
    },
    waitForCall: (match) => log.waitFor(match),
    waitForText: (to, includes) => texts.waitFor((t) => t.to === to && t.text.includes(includes)),
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
