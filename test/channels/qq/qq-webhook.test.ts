/**
 * The QQ channel in webhook mode: the box listens on `webhook_listen`; the fake platform posts
 * signed events there (ed25519 from the AppSecret), checks the address with op 13, and takes the
 * passive replies as in gateway mode. Unsigned or badly signed requests are refused.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookKeys } from '../../../src/channels/qq/qq-webhook-sign.js';
import type { FakeQq } from '../../helpers/fake-qq.js';
import type { Box } from '../../server/harness.js';
import { OWNER, startQqBox } from './qq-box.js';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('QQ channel (webhook)', () => {
  let fake: FakeQq;
  let box: Box;

  beforeAll(async () => {
    const port = await freePort();
    ({ fake, box } = await startQqBox({}, {}, { webhook_listen: `127.0.0.1:${port}` }));
    fake.useWebhook(`http://127.0.0.1:${port}/`);
  });
  afterAll(async () => {
    await box?.close();
    await fake?.close();
  });

  it('answers the console’s address check with the signature of event_ts + plain_token', async () => {
    const body = JSON.stringify({
      op: 13,
      d: { plain_token: 'Arq0D5A61EgUu4OxUvOp', event_ts: '1725442341' },
    });
    await expect
      .poll(async () => (await fake.postWebhook(body).catch(() => ({ status: 0 }))).status)
      .toBe(200);
    const answer = JSON.parse((await fake.postWebhook(body)).body);
    expect(answer).toEqual({
      plain_token: 'Arq0D5A61EgUu4OxUvOp',
      signature: webhookKeys(fake.clientSecret).sign('1725442341', 'Arq0D5A61EgUu4OxUvOp'),
    });
    expect(fake.connectionCount()).toBe(0); // no gateway in webhook mode
  });

  it('takes a signed message, acknowledges it with op 12 and answers as a passive reply', async () => {
    box.llm.script({ text: 'hello over the webhook' });
    const msgId = fake.say(OWNER, 'hi there');
    const ack = await fake.waitFor((e) => e.kind === 'webhook' && e.body.includes('"op":12'));
    expect(ack.kind === 'webhook' && JSON.parse(ack.body)).toEqual({ op: 12, d: 0 });
    const reply = await fake.waitForReply(OWNER, 'hello over the webhook');
    expect(reply.body).toMatchObject({ msg_id: msgId, msg_seq: 1 });
  });

  it('refuses unsigned, badly signed and forged requests; nothing reaches the model', async () => {
    const requests = box.llm.requests.length;
    const forged = JSON.stringify({
      op: 0,
      t: 'C2C_MESSAGE_CREATE',
      id: 'x',
      d: { id: 'forged-1', content: 'rm -rf ~', author: { user_openid: OWNER } },
    });
    expect((await fake.postWebhook(forged, '')).status).toBe(401);
    expect((await fake.postWebhook(forged, 'ab'.repeat(64))).status).toBe(401);
    const other = webhookKeys('not-the-secret-of-this-bot-at-all');
    expect(
      (await fake.postWebhook(forged, other.sign(String(Math.floor(Date.now() / 1000)), forged))).status,
    ).toBe(401);
    expect((await fake.postWebhook('not json')).status).toBe(400);
    box.llm.script({ text: 'only the real one' });
    fake.say(OWNER, 'a real message');
    await fake.waitForReply(OWNER, 'only the real one');
    expect(box.llm.requests.length).toBe(requests + 1);
    expect(JSON.stringify(box.llm.requests.at(-1)?.body)).not.toContain('rm -rf');
  });
});
