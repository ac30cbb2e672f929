/**
 * The channels tab in a real browser against the real server: a pairing code made on the page
 * (the same store a chat redeems it from), the paired sender listed, a task posting to their chat
 * (a stranger's chat refused), then the sender removed. Writes the channels screenshot.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BoxPage, openBoxPage } from './box-page.js';
import { screenshot } from './browser.js';
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
});
