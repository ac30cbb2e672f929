/**
 * The channels tab in a real browser against the real server: a pairing code made on the page
 * (the same store a chat redeems it from), the paired sender listed, a task posting to their chat
 * (a stranger's chat refused), then the sender removed; a channel not set up says how to set it up;
 * on a phone every tab label stays on one line. Writes the channels screenshots.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BoxPage, openBoxPage } from './box-page.js';
import { screenshot, VIEWPORTS } from './browser.js';
import type { Box } from './fixture.js';

describe('web page: channels', () => {
  let web: BoxPage;
  let box: Box;
  let page: Page;

  beforeAll(async () => {
    web = await openBoxPage({ box: { scheduler: false }, path: '/#channels', acceptDialogs: true });
    ({ box, page } = web);
  });
  afterAll(async () => {
    await web?.close();
  });

  it('makes a pairing code, lists the sender who used it, and removes them', async () => {
    const telegram = page.locator('.card.channel[data-channel="telegram"]');
    await telegram.locator('text=还没有允许的用户').waitFor();

    await page.locator('.pair-button').click();
    const code = (await page.locator('.pairing-code .code').textContent()) ?? '';
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(await page.locator('.pairing-code').textContent()).toContain('只能用一次');

    // The chat side (tested with the fake Telegram in test/channels) redeems it from the same store.
    expect(box.app.senders.redeem('telegram', '424242', code)).toBe(true);
    await page.locator('.channels-view .toolbar .btn.small').click();
    const sender = telegram.locator('.sender[data-sender="424242"]');
    await sender.waitFor();
    await screenshot(page, 'channels-desktop');

    // A task can post its results to that sender's chat; a stranger's chat is refused with the reason.
    await page.goto(`${box.server.url}/#tasks`);
    const form = page.locator('.task-form');
    await form.locator('[name="title"]').fill('晚报');
    await form.locator('[name="kind"]').selectOption('daily');
    await form.locator('[name="notify"]').fill('telegram:999');
    await form.locator('button[type="submit"]').click();
    await page.locator('.toast.error', { hasText: 'telegram:999' }).waitFor();
    await form.locator('[name="notify"]').fill('telegram:424242');
    await form.locator('button[type="submit"]').click();
    const card = page.locator('.card.task', { hasText: '晚报' });
    await card.locator('.task-notify', { hasText: 'telegram:424242' }).waitFor();
    await page.goto(`${box.server.url}/#channels`);
    await page.locator('.channels-view .toolbar .btn.small').click();

    await sender.locator('.remove-sender').click();
    await sender.waitFor({ state: 'detached' });
    expect(box.app.senders.isPaired('telegram', '424242')).toBe(false);
  });

  it('says how to set up a channel that is not configured, and keeps each tab on one line on a phone', async () => {
    const phone = await web.launched.newContext({
      viewport: VIEWPORTS.phone,
      colorScheme: 'light',
      deviceScaleFactor: 2,
      locale: 'zh-CN',
    });
    const p = await phone.newPage();
    await p.goto(`${box.server.url}/#channels`);
    const setup = p.locator('.card.channel[data-channel="telegram"] .channel-setup');
    await setup.filter({ hasText: 'channels.telegram.token' }).waitFor();
    expect(await setup.textContent()).toContain('AIBOX_TELEGRAM_TOKEN');
    expect(await setup.textContent()).toContain('aibox channels check');
    expect(await setup.textContent()).toContain('“设置”页');
    const lark = await p.locator('.card.channel[data-channel="lark"] .channel-setup').textContent();
    expect(lark).toContain('channels.lark.app_id + channels.lark.app_secret');
    // How many lines each tab's label takes, and whether the page is wider than the phone.
    const layout = `(() => ({
      lines: [...document.querySelectorAll('.tab')].map((tab) => {
        const range = document.createRange();
        range.selectNodeContents(tab);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      }),
      wide: document.documentElement.scrollWidth > ${VIEWPORTS.phone.width},
    }))()`;
    // One line for each of the seven tabs (Settings included).
    expect(await p.evaluate(layout)).toEqual({ lines: [1, 1, 1, 1, 1, 1, 1], wide: false });
    await screenshot(p, 'channels-phone');

    await p.locator('.lang-switch').click();
    await setup.filter({ hasText: 'To set it up' }).waitFor();
    expect(await setup.textContent()).toContain('or in the environment: AIBOX_TELEGRAM_TOKEN');
    expect(await setup.textContent()).toContain('the Settings tab');
    // One line for each of the seven tabs (Settings included).
    expect(await p.evaluate(layout)).toEqual({ lines: [1, 1, 1, 1, 1, 1, 1], wide: false });
    await phone.close();
  });
});
