/**
 * The QR login against the fake iLink: refreshes of an expired code, the verification number,
 * a bot already bound, answers that do not fit; `aibox channels login wechat`, `check` and
 * `logout` as real CLI runs (the QR code drawn in the terminal, the login file written 0600); a
 * missing or expired login (reported and marked) checked in the test process.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWeChatLogin, writeWeChatLogin } from '../../../src/channels/wechat/wechat-login-store.js';
import { qrLogin } from '../../../src/channels/wechat/wechat-qr-login.js';
import { createWeChatTransport } from '../../../src/channels/wechat/wechat-transport.js';
import { silentLogger } from '../../../src/log/logger.js';
import { CLI_PATH, runCli, tempHome, watchOutput } from '../../helpers/cli.js';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { type FakeWeChat, startFakeWeChat } from '../../helpers/fake-wechat.js';

describe('WeChat QR login', { timeout: 60_000 }, () => {
  let wx: FakeWeChat;
  const homes: string[] = [];
  const home = (wechat: Record<string, unknown> = {}) => {
    const dir = tempHome('aibox-wechat-');
    homes.push(dir);
    mkdirSync(dir, { recursive: true });
    const config = {
      channels: { wechat: { enabled: true, api_root: wx.apiRoot, cdn_root: wx.cdnRoot, ...wechat } },
    };
    writeFileSync(join(dir, 'config.json'), JSON.stringify(config), { mode: 0o600 });
    return dir;
  };
  const settings = () => ({ apiRoot: wx.apiRoot, cdnRoot: wx.cdnRoot, apiRootFixed: true, allowedIds: [] });
  beforeAll(async () => {
    wx = await startFakeWeChat();
  });
  afterAll(async () => {
    await wx?.close();
    for (const dir of homes) rmSync(dir, { recursive: true, force: true });
  });

  it('shows a new code when one expires, then returns the confirmed login', async () => {
    const codes: string[] = [];
    let scanned = 0;
    const login = qrLogin({
      settings: settings(),
      previousToken: 'old-token',
      signal: AbortSignal.timeout(30_000),
      pauseMs: 0,
      onCode: (link, refresh) => codes.push(`${refresh}:${link}`),
      onScanned: () => scanned++,
    });
    const first = await wx.waitForCall((c) => c.name === 'get_bot_qrcode');
    expect(first.query.get('bot_type')).toBe('3');
    expect(first.body.local_token_list).toEqual(['old-token']);
    wx.qrStatus('wait');
    wx.qrStatus('expired');
    wx.qrStatus('scaned');
    wx.qrStatus('scaned');
    wx.qrStatus('confirmed', {
      bot_token: 'tok-1',
      ilink_bot_id: 'b1@im.bot',
      baseurl: 'https://api.example.weixin.qq.com/',
      ilink_user_id: 'me@im.wechat',
    });
    const result = await login;
    expect(result).toMatchObject({
      kind: 'confirmed',
      login: {
        botToken: 'tok-1',
        botId: 'b1@im.bot',
        baseUrl: 'https://api.example.weixin.qq.com',
        userId: 'me@im.wechat',
      },
    });
    expect(codes).toHaveLength(2);
    expect(codes[1]).toMatch(/^1:https:\/\/liteapp\.weixin\.qq\.com\/q\/fake/);
    expect(scanned).toBe(1);
    // The status poll asks for the newest code, and carries no bot token.
    const polls = wx.calls.filter((c) => c.name === 'get_qrcode_status');
    expect(polls.at(-1)?.query.get('qrcode')).not.toBe(polls[0]?.query.get('qrcode'));
    expect(polls.at(-1)?.headers.authorization).toBeUndefined();
  });

  it('gives up after three refreshes; sends the verification number; says when the bot is already bound', async () => {
    const gaveUp = qrLogin({
      settings: settings(),
      signal: AbortSignal.timeout(30_000),
      pauseMs: 0,
      onCode: () => {},
    });
    for (let i = 0; i < 4; i++) wx.qrStatus('expired');
    expect(await gaveUp).toEqual({ kind: 'expired' });

    const asked: boolean[] = [];
    const bound = qrLogin({
      settings: settings(),
      signal: AbortSignal.timeout(30_000),
      pauseMs: 0,
      onCode: () => {},
      askCode: async (again) => {
        asked.push(again);
        return again ? ' 4321 ' : '1111';
      },
    });
    wx.qrStatus('need_verifycode');
    wx.qrStatus('need_verifycode');
    wx.qrStatus('binded_redirect');
    expect(await bound).toEqual({ kind: 'already_bound' });
    expect(asked).toEqual([false, true]);
    const polls = wx.calls.filter((c) => c.name === 'get_qrcode_status');
    expect(polls.at(-1)?.query.get('verify_code')).toBe('4321');
  });

  it('refuses a confirmation without a token', async () => {
    const login = qrLogin({
      settings: settings(),
      signal: AbortSignal.timeout(30_000),
      pauseMs: 0,
      onCode: () => {},
    });
    wx.qrStatus('confirmed', { ilink_bot_id: 'b@im.bot', bot_token: 42 });
    await expect(login).rejects.toThrow(/bot_token/);
  });

  it('`aibox channels login wechat` draws the code, saves the login 0600; check verifies it with a real call', async () => {
    const dir = home({ enabled: false });
    const child = spawn(process.execPath, [CLI_PATH, 'channels', 'login', 'wechat'], {
      env: { ...process.env, AIBOX_LANG: 'en', AIBOX_HOME: dir },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out = watchOutput(child);
    await out.seen('open this link');
    expect(out.text()).toContain('Scan this QR code');
    expect(out.text()).toContain('\x1b[30;47m'); // the code, black on white
    wx.qrStatus('confirmed', {
      bot_token: wx.token,
      ilink_bot_id: 'cli@im.bot',
      ilink_user_id: 'me@im.wechat',
    });
    expect(await out.exited).toBe(0);
    expect(out.text()).toContain('Logged in to WeChat (bot cli@im.bot)');
    expect(out.text()).toContain('channels.wechat.enabled');
    expect(statSync(join(dir, 'wechat-login.json')).mode & 0o777).toBe(0o600);
    expect(readWeChatLogin(dir)?.botToken).toBe(wx.token);

    writeFileSync(
      join(dir, 'config.json'),
      JSON.stringify({ channels: { wechat: { enabled: true, api_root: wx.apiRoot } } }),
    );
    const check = await runCli(['channels', 'check'], { home: dir });
    expect(check.stdout).toContain('WeChat: ✅ bot cli@im.bot logged in');
    expect(check.stdout + check.stderr).not.toContain(wx.token);
    const getconfig = wx.calls.filter((c) => c.name === 'getconfig').at(-1);
    expect(getconfig?.headers.authorization).toBe(`Bearer ${wx.token}`);
  });

  it('`aibox channels check` says an expired login (and marks it) and a missing one; logout deletes it', async () => {
    const dir = home();
    const missing = await runInProcess(['channels', 'check'], { home: dir });
    expect(missing.code).toBe(1);
    expect(missing.stdout).toContain('WeChat: ❌ not logged in');
    writeWeChatLogin(dir, {
      botToken: 'stale',
      botId: 'b@im.bot',
      baseUrl: '',
      userId: 'u',
      loggedInAt: 'x',
      cursor: '',
    });
    const expired = await runInProcess(['channels', 'check'], { home: dir });
    expect(expired.stdout).toContain('the login expired');
    expect(readWeChatLogin(dir)?.expiredAt).toBeDefined();
    const logout = await runCli(['channels', 'logout', 'wechat'], { home: dir });
    expect(logout.stdout).toContain('Deleted');
    expect(readWeChatLogin(dir)).toBeUndefined();
  });

  it('replies after a restart with the context token kept in the login file, as plain text', async () => {
    const dir = home();
    writeWeChatLogin(dir, {
      botToken: wx.token,
      botId: 'b@im.bot',
      baseUrl: '',
      userId: 'me@im.wechat',
      loggedInAt: 'x',
      cursor: '',
      contexts: { 'p@im.wechat': 'ctx-kept' },
    });
    const transport = createWeChatTransport({
      settings: settings(),
      home: dir,
      logger: silentLogger(),
      maxPollBytes: 1 << 20,
    });
    try {
      await transport.send('p@im.wechat', '**hi** there');
      expect(await wx.waitForText('p@im.wechat', 'hi')).toEqual({
        to: 'p@im.wechat',
        text: 'hi there',
        contextToken: 'ctx-kept',
      });
    } finally {
      await transport.stop();
    }
  });
});
