/**
 * The QQ bot platform's webhook (HTTP callback) mode: instead of the gateway the box listens on
 * `channels.qq.webhook_listen` (plain HTTP, for the HTTPS reverse proxy in front of it that the
 * console's callback address points at; the platform accepts ports 80, 443, 8080 and 8443).
 *
 * Every request must carry the platform's ed25519 signature (qq-webhook-sign.ts) of
 * `X-Signature-Timestamp` + body; one without a valid one is answered 401 and dropped. The console's
 * address check (op 13, `d: { plain_token, event_ts }`) is answered with `plain_token` and the
 * signature of `event_ts` + `plain_token`; an event (op 0) is handed on and acknowledged with
 * `{"op": 12, "d": 0}` (HTTP Callback ACK). Bodies are limited to `maxBodyBytes` and 10 s, and read
 * only when the signature headers have the right shape; at most 32 connections are open at once.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Logger } from '../../log/logger.js';
import type { GatewayEvent } from './qq-gateway.js';
import { webhookKeys } from './qq-webhook-sign.js';

const BODY_TIMEOUT_MS = 10_000;
/** Open connections at once: with 4 MiB bodies, what a flood of requests can hold is bounded. */
const MAX_CONNECTIONS = 32;
const SIGNATURE = /^[0-9a-f]{128}$/i;
const TOKEN = /^[\w-]{1,256}$/;
const TIMESTAMP = /^\d{1,20}$/;

interface WebhookOptions {
  listen: { host: string; port: number };
  secret: string;
  logger: Logger;
  maxBodyBytes: number;
  onEvent: (event: GatewayEvent) => void;
  /** When the listener is up (the platform may post from now on). */
  onListening: () => void;
}

export interface Webhook {
  start(): void;
  stop(): Promise<void>;
}

/** `host:port` (IPv6 in brackets) → its parts; throws on anything else. */
export function parseListen(text: string): { host: string; port: number } {
  const match = /^(?:\[([0-9a-fA-F:.]+)\]|([\w.-]+)):(\d{1,5})$/.exec(text);
  const port = Number(match?.[3]);
  if (!match || !(port > 0 && port < 65_536)) throw new Error(`QQ webhook_listen: not host:port: ${text}`);
  return { host: (match[1] ?? match[2]) as string, port };
}

function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const timer = setTimeout(() => {
      req.destroy();
      resolve(undefined);
    }, BODY_TIMEOUT_MS);
    req.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > maxBytes) {
        clearTimeout(timer);
        req.destroy();
        resolve(undefined);
      } else chunks.push(chunk);
    });
    req.on('end', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks));
    });
    req.on('error', () => {
      clearTimeout(timer);
      resolve(undefined);
    });
  });
}

export function createWebhook(options: WebhookOptions): Webhook {
  const { logger } = options;
  const keys = webhookKeys(options.secret);
  let server: Server | undefined;

  const answer = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST') return answer(res, 405, { error: 'POST only' });
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > options.maxBodyBytes) return answer(res, 413, { error: 'too large' });
    const timestamp = String(req.headers['x-signature-timestamp'] ?? '');
    const signature = String(req.headers['x-signature-ed25519'] ?? '');
    // Without signature headers of the right shape the body is not even read.
    const signed = TIMESTAMP.test(timestamp) && SIGNATURE.test(signature);
    const body = signed ? await readBody(req, options.maxBodyBytes) : Buffer.alloc(0);
    if (!body) return;
    if (!signed || !keys.verify(timestamp, body, signature)) {
      logger.warn('QQ webhook request without a valid signature refused');
      return answer(res, 401, { error: 'bad signature' });
    }
    let payload: { op?: unknown; d?: unknown; t?: unknown; id?: unknown };
    try {
      payload = JSON.parse(body.toString('utf8'));
    } catch {
      logger.warn('QQ webhook body that is not JSON ignored');
      return answer(res, 400, { error: 'not JSON' });
    }
    if (typeof payload !== 'object' || payload === null) return answer(res, 400, { error: 'not an object' });
    if (payload.op === 13) {
      const d = payload.d as { plain_token?: unknown; event_ts?: unknown } | null;
      const plainToken = typeof d?.plain_token === 'string' ? d.plain_token : '';
      const eventTs = typeof d?.event_ts === 'string' ? d.event_ts : '';
      if (!TOKEN.test(plainToken) || !TIMESTAMP.test(eventTs))
        return answer(res, 400, { error: 'bad validation' });
      logger.info('QQ webhook address check answered');
      return answer(res, 200, { plain_token: plainToken, signature: keys.sign(eventTs, plainToken) });
    }
    if (payload.op === 0 && typeof payload.t === 'string' && payload.t !== '') {
      options.onEvent({
        type: payload.t.slice(0, 64),
        id: typeof payload.id === 'string' ? payload.id.slice(0, 512) : undefined,
        data: payload.d,
      });
    } else
      logger.debug({ op: String(payload.op).slice(0, 20) }, 'QQ webhook payload with an unknown op ignored');
    return answer(res, 200, { op: 12, d: 0 });
  }

  return {
    start() {
      server = createServer((req, res) => {
        handle(req, res).catch((error: unknown) => {
          logger.warn(
            { error: error instanceof Error ? error.message : String(error) },
            'QQ webhook request failed',
          );
          if (!res.headersSent) answer(res, 500, { error: 'failed' });
        });
      });
      server.requestTimeout = BODY_TIMEOUT_MS * 2;
      server.maxConnections = MAX_CONNECTIONS;
      server.on('error', (error) => logger.error({ err: error }, 'the QQ webhook listener failed'));
      server.listen(options.listen.port, options.listen.host, () => {
        logger.info({ listen: `${options.listen.host}:${options.listen.port}` }, 'QQ webhook listening');
        options.onListening();
      });
    },
    async stop() {
      const current = server;
      server = undefined;
      if (!current) return;
      current.closeAllConnections();
      await new Promise<void>((resolve) => current.close(() => resolve()));
    },
  };
}
