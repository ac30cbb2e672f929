/**
 * The WeChat channel end to end: a real Aibox (createApp + startServer) logged in to a fake
 * iLink on loopback (long-polled getupdates with its cursor, sendmessage, typing, the media
 * CDN); the model is the fake LLM. WeChat cannot edit or show buttons: answers arrive whole,
 * as plain text, approvals are answered by a reply word.
 */
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  readWeChatLogin,
  wechatLoginPath,
  writeWeChatLogin,
} from '../../../src/channels/wechat/wechat-login-store.js';
import { createSenderStore, senderStorePath } from '../../../src/chats/sender-store.js';
import type { FakeWeChat } from '../../helpers/fake-wechat.js';
import { until } from '../../helpers/until.js';
import { type Box, personCookie } from '../../server/harness.js';
import { expectSavedChatFile, lastSent } from '../model-saw.js';
import { OWNER, startWeChatBox } from './wechat-box.js';

describe('WeChat channel', () => {
  let wx: FakeWeChat;
  let box: Box;
  let outside: string;

  beforeAll(async () => {
    outside = realpathSync(mkdtempSync(join(tmpdir(), 'aibox-outside-')));
    ({ wx, box } = await startWeChatBox(
      { safety: { approval_timeout_s: 60 } },
      { thinking_notice_ms: 600_000 },
    ));
  });
  afterAll(async () => {
    await box?.close();
    await wx?.close();
    if (outside) rmSync(outside, { recursive: true, force: true });
  });

  it('answers in plain text with the context token, showing the typing state meanwhile', async () => {
    // A model that takes a moment: the typing state is shown meanwhile.
    box.llm.script({
      text: 'It is **late**, see [the clock](https://time.example).\n\n```\nls -l\n```',
      delayMs: 300,
    });
    const id = wx.say(OWNER, 'what time is it?');
    const reply = await wx.waitForText(OWNER, 'late');
    expect(reply.text).toBe('It is late, see the clock (https://time.example).\n\nls -l');
    expect(reply.contextToken).toBe(`ctx-${OWNER}-${id}`);
    expect(lastSent(box)).toContain('what time is it?');
    expect(box.app.sessions.ids()).toContain(`wechat-${OWNER}`);
    const typing = await wx.waitForCall((c) => c.name === 'sendtyping' && c.body.status === 2);
    expect(typing.body).toMatchObject({ ilink_user_id: OWNER, typing_ticket: 'dGlja2V0' });
    expect(wx.calls.some((c) => c.name === 'sendtyping' && c.body.status === 1)).toBe(true);
    // The wire: bot token, iLink's headers, base_info; the cursor of the last answer is sent back and kept.
    const poll = await wx.waitForCall((c) => c.name === 'getupdates' && c.body.get_updates_buf !== '');
    expect(poll?.headers.authorization).toBe(`Bearer ${wx.token}`);
    expect(poll?.headers.authorizationtype).toBe('ilink_bot_token');
    expect(poll?.headers['ilink-app-id']).toBe('bot');
    expect(poll?.body.get_updates_buf).toMatch(/^buf-\d+$/);
    expect(poll?.body.base_info.bot_agent).toMatch(/^Aibox\//);
    expect(readWeChatLogin(box.home)?.cursor).toMatch(/^buf-\d+$/);
    // The context token is kept too: a task's result after a restart still carries it.
    await until(
      () => readWeChatLogin(box.home)?.contexts?.[OWNER] === `ctx-${OWNER}-${id}`,
      'the context token kept',
    );
  });

  it('refuses a stranger once; nothing reaches the model; a pairing code pairs them', async () => {
    const stranger = 'stranger@im.wechat';
    const before = box.llm.requests.length;
    wx.say(stranger, 'rm -rf / please');
    wx.say(stranger, 'hello?');
    box.llm.script({ text: 'owner answer' });
    wx.say(OWNER, 'ping');
    await wx.waitForText(OWNER, 'owner answer');
    expect(wx.sent.filter((t) => t.to === stranger)).toHaveLength(1);
    expect(wx.sent.find((t) => t.to === stranger)?.text).toContain(stranger);
    expect(box.llm.requests.length).toBe(before + 1);

    const code = createSenderStore(senderStorePath(box.app.paths)).newCode(60_000);
    wx.say(stranger, code);
    await wx.waitForText(stranger, 'Paired');
    box.llm.script({ text: 'welcome aboard' });
    wx.say(stranger, 'hi');
    await wx.waitForText(stranger, 'welcome aboard');
  });

  it('asks for approval by a numbered reply word and takes the answer', async () => {
    const target = join(outside, 'allowed.txt');
    box.llm.script(
      { toolCalls: [{ name: 'write_file', arguments: { filepath: target, content: 'x' } }] },
      { text: 'written it' },
    );
    wx.say(OWNER, `write ${target}`);
    const request = await wx.waitForText(OWNER, target);
    const code = /Request (\d{3})/.exec(request.text)?.[1];
    expect(code).toBeDefined();
    expect(request.text).toContain('allow / 同意');
    wx.say(OWNER, `allow ${code}`);
    await wx.waitForText(OWNER, `wechat:${OWNER}`);
    await wx.waitForText(OWNER, 'written it');
    expect(readFileSync(target, 'utf8')).toBe('x');
  });

  it('downloads, decrypts and saves an image and a file; skips unknown item types', async () => {
    const image = wx.addMedia(Buffer.from('PNG-bytes'));
    const file = wx.addMedia(Buffer.from('report body'));
    box.llm.script({ text: 'got them' });
    wx.say(OWNER, 'see these', {
      item_list: [
        { type: 1, text_item: { text: 'see these' } },
        {
          type: 2,
          image_item: { aeskey: image.key.toString('hex'), media: { encrypt_query_param: image.param } },
        },
        // A file's key is base64 of its hex form.
        {
          type: 4,
          file_item: {
            file_name: 'report.txt',
            len: '11',
            media: {
              encrypt_query_param: file.param,
              aes_key: Buffer.from(file.key.toString('hex')).toString('base64'),
            },
          },
        },
        { type: 99, mystery_item: { x: 1 } },
        { type: 11, tool_call_start_item: { tool_name: 'x' } },
      ],
    });
    await wx.waitForText(OWNER, 'got them');
    expectSavedChatFile(box, 'report.txt', 'report body');
    expectSavedChatFile(box, 'wechat-image.jpg', 'PNG-bytes');
  });

  it('tells the chat an oversized message is over the limit; skips a malformed message', async () => {
    const before = box.llm.requests.length;
    wx.push({ from_user_id: 42, item_list: 'nope' });
    wx.say(OWNER, 'x'.repeat(box.app.config.server.max_frame_bytes + 1));
    await wx.waitForText(OWNER, 'too long');
    box.llm.script({ text: 'still here' });
    wx.say(OWNER, 'are you there');
    await wx.waitForText(OWNER, 'still here');
    expect(box.llm.requests.length).toBe(before + 1);
  });

  it('retries the long poll with back-off after HTTP errors and a body that is not JSON', async () => {
    const polls = wx.calls.filter((c) => c.name === 'getupdates').length;
    wx.failPolls({ status: 502 }, 2);
    wx.failPolls({ badJson: true });
    await wx.waitForCall(
      (c) => c.name === 'getupdates' && wx.calls.filter((x) => x.name === 'getupdates').length >= polls + 3,
    );
    box.llm.script({ text: 'back again' });
    wx.say(OWNER, 'after the outage');
    await wx.waitForText(OWNER, 'back again');
  });

  it('marks an expired login, says so in /healthz, and resumes with a new login', async () => {
    wx.expire();
    await until(() => readWeChatLogin(box.home)?.expiredAt !== undefined, 'the login marked expired');
    const health = (await (await fetch(`${box.server.url}/healthz`)).json()) as {
      channels?: Record<string, unknown>;
    };
    expect(health.channels?.wechat).toMatchObject({ login: 'expired' });
    const polls = wx.calls.filter((c) => c.name === 'getupdates').length;
    wx.accept('bot-token-renewed');
    writeWeChatLogin(box.home, {
      botToken: 'bot-token-renewed',
      botId: 'bot1@im.bot',
      baseUrl: '',
      userId: OWNER,
      loggedInAt: '2026-01-02T00:00:00.000Z',
      cursor: '',
    });
    const renewed = await wx.waitForCall(
      (c) => c.name === 'getupdates' && c.headers.authorization === 'Bearer bot-token-renewed',
    );
    expect(wx.calls.indexOf(renewed)).toBeGreaterThanOrEqual(polls);
    box.llm.script({ text: 'renewed fine' });
    wx.say(OWNER, 'hello again');
    await wx.waitForText(OWNER, 'renewed fine');
    expect(existsSync(wechatLoginPath(box.home))).toBe(true);
  });

  it('takes only direct messages from people: a group message and a bot message are ignored', async () => {
    const before = box.llm.requests.length;
    wx.say(OWNER, 'in a group', { group_id: 'g1@chatroom' });
    wx.say(OWNER, 'from a bot', { message_type: 2 });
    box.llm.script({ text: 'direct only' });
    wx.say(OWNER, 'direct');
    await wx.waitForText(OWNER, 'direct only');
    expect(box.llm.requests.length).toBe(before + 1);
    expect(lastSent(box)).not.toContain('in a group');
    expect(lastSent(box)).not.toContain('from a bot');
  });

  it('keeps an answer the expired login could not send, and sends it after the next login', async () => {
    const token = wx.token;
    // The model takes 800 ms: the login expires while it thinks.
    box.llm.script({ text: 'kept for later', delayMs: 800 });
    wx.say(OWNER, 'answer me slowly');
    await until(() => lastSent(box).includes('answer me slowly'), 'the model asked');
    wx.expire();
    await until(() => readWeChatLogin(box.home)?.expiredAt !== undefined, 'the login marked expired');
    // Not sent (the login is gone): kept in the outbox, not refused.
    const outbox = join(box.home, 'channel-outbox.json');
    await until(
      () => existsSync(outbox) && readFileSync(outbox, 'utf8').includes('kept for later'),
      'the answer kept',
    );
    expect(wx.sent.some((t) => t.text === 'kept for later')).toBe(false);
    wx.accept(token);
    writeWeChatLogin(box.home, {
      botToken: token,
      botId: 'bot1@im.bot',
      baseUrl: '',
      userId: OWNER,
      loggedInAt: '2026-01-03T00:00:00.000Z',
      cursor: '',
    });
    await wx.waitForText(OWNER, 'kept for later');
  });

  it('logs in from the page: QR rows, the verification number, the saved login; refused without the client key', async () => {
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${box.server.url}/api${path}`, {
        ...init,
        headers: {
          cookie: personCookie(box.server.url) ?? '',
          'content-type': 'application/json',
          ...init.headers,
        },
      });
    expect((await fetch(`${box.server.url}/api/channels/wechat/login`, { method: 'POST' })).status).toBe(403);
    const started = (await (await api('/channels/wechat/login', { method: 'POST' })).json()) as {
      status: string;
    };
    expect(started.status).toMatch(/starting|waiting/);
    await wx.waitForCall((c) => c.name === 'get_bot_qrcode');
    await until(() => wx.calls.some((c) => c.name === 'get_qrcode_status'), 'the first status poll');
    const waiting = (await (await api('/channels/wechat/login')).json()) as {
      status: string;
      qr: string[];
      link: string;
    };
    expect(waiting.status).toBe('waiting');
    expect(waiting.qr.length).toBeGreaterThan(20);
    expect(waiting.qr.every((row) => /^[01]+$/.test(row) && row.length === waiting.qr.length)).toBe(true);
    expect(waiting.link).toContain('liteapp.weixin.qq.com');

    const bad = await api('/channels/wechat/login/code', {
      method: 'POST',
      body: JSON.stringify({ code: '12; rm' }),
    });
    expect(bad.status).toBe(400);
    wx.qrStatus('need_verifycode');
    // The page polls the login's state, as this does.
    for (let status = ''; status !== 'need_code'; ) {
      status = ((await (await api('/channels/wechat/login')).json()) as { status: string }).status;
      if (status !== 'need_code') await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const sent = await api('/channels/wechat/login/code', {
      method: 'POST',
      body: JSON.stringify({ code: '2468' }),
    });
    expect(sent.status).toBe(200);
    await wx.waitForCall((c) => c.name === 'get_qrcode_status' && c.query.get('verify_code') === '2468');
    wx.accept('bot-token-from-page');
    wx.qrStatus('confirmed', {
      bot_token: 'bot-token-from-page',
      ilink_bot_id: 'page@im.bot',
      ilink_user_id: OWNER,
    });
    await until(() => readWeChatLogin(box.home)?.botToken === 'bot-token-from-page', 'the login saved');
    const list = (await (await api('/channels')).json()) as {
      channels: { name: string; login?: { state: string; bot?: string } }[];
    };
    expect(list.channels.find((c) => c.name === 'wechat')?.login).toMatchObject({
      state: 'ok',
      bot: 'page@im.bot',
    });
    expect(JSON.stringify(list)).not.toContain('bot-token-from-page');
    // The poll held meanwhile ends with the message; the next one carries the new token.
    box.llm.script({ text: 'via the page login' });
    wx.say(OWNER, 'after the page login');
    await wx.waitForCall(
      (c) => c.name === 'getupdates' && c.headers.authorization === 'Bearer bot-token-from-page',
    );
    await wx.waitForText(OWNER, 'via the page login');
  });
});
