/**
 * The WeChat card's QR login in a real browser against the real server and the fake iLink: the
 * code drawn on the page, the verification number typed there, the saved login shown; an
 * expired login said on the card. Writes the WeChat login screenshot.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWeChatLogin, writeWeChatLogin } from '../../src/channels/wechat/wechat-login-store.js';
import { type FakeWeChat, startFakeWeChat } from '../helpers/fake-wechat.js';
import { type BoxPage, openBoxPage } from './box-page.js';
import { screenshot } from './browser.js';
import type { Box } from './fixture.js';

describe('web page: WeChat login', () => {
  let web: BoxPage;
  let box: Box;
  let page: Page;
  let wx: FakeWeChat;

  beforeAll(async () => {
    wx = await startFakeWeChat();
    web = await openBoxPage({ box: { scheduler: false }, path: '/#channels', acceptDialogs: true });
    ({ box, page } = web);
    box.app.config.channels.wechat.api_root = wx.apiRoot;
  });
  afterAll(async () => {
    await web?.close();
    await wx?.close();
  });

  it('shows the QR code, takes the verification number and shows the saved login', async () => {
    const card = page.locator('.card.channel[data-channel="wechat"]');
    await card.locator('.wechat-login-state[data-login="none"]').waitFor();
    await card.locator('.wechat-login-start').click();
    await card.locator('svg.wechat-qr path').waitFor();
    expect(await card.locator('svg.wechat-qr path').getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    await screenshot(page, 'channels-wechat-login');

    wx.qrStatus('need_verifycode');
    await card.locator('.wechat-code').fill('1357');
    await card.locator('.wechat-code-form button[type="submit"]').click();
    await wx.waitForCall((c) => c.name === 'get_qrcode_status' && c.query.get('verify_code') === '1357');
    wx.qrStatus('confirmed', {
      bot_token: 'tok-page',
      ilink_bot_id: 'web@im.bot',
      ilink_user_id: 'me@im.wechat',
    });
    await card.locator('.wechat-login-state[data-login="ok"]', { hasText: 'web@im.bot' }).waitFor();
    expect(readWeChatLogin(box.home)?.botToken).toBe('tok-page');
    expect(await page.content()).not.toContain('tok-page');
  });

  it('says on the card that the login expired', async () => {
    const login = readWeChatLogin(box.home);
    if (!login) throw new Error('no login');
    writeWeChatLogin(box.home, { ...login, expiredAt: '2026-03-01T08:00:00.000Z' });
    await page.locator('.channels-view .toolbar .btn.small').click();
    const state = page.locator(
      '.card.channel[data-channel="wechat"] .wechat-login-state[data-login="expired"]',
    );
    await state.waitFor();
    expect(await state.textContent()).toContain('过期');
  });
});
