/**
 * Pictures in the page, in a real browser: one picked with the 📎 button and one dropped on the
 * chat are uploaded, shown as chips, sent with the message and reach the model as image_url
 * parts; after a reload the history shows their thumbnails, fetched from the box.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataUrlPicture, photoWithExif } from '../helpers/pictures.js';
import { type BoxPage, openBoxPage } from './box-page.js';
import type { Box } from './fixture.js';

describe('web page: pictures', () => {
  let web: BoxPage;
  let box: Box;
  let page: Page;

  beforeAll(async () => {
    web = await openBoxPage();
    ({ box, page } = web);
    box.app.config.llm.vision = true; // live: read at each turn
  });
  afterAll(async () => {
    await web?.close();
  });

  it('sends a picked and a dropped picture with the message, and shows them again after a reload', async () => {
    const picked = await photoWithExif(2000, 1000);
    await page
      .locator('.attach-input')
      .setInputFiles({ name: 'picked.jpg', mimeType: 'image/jpeg', buffer: picked });
    await page.locator('.composer-attachments .attachment-chip img.thumb').waitFor();

    const dropped = (await photoWithExif(400, 300)).toString('base64');
    // A file dropped from the desktop: a drop event carrying it, as the browser dispatches one.
    await page.evaluate(`(() => {
      const bytes = Uint8Array.from(atob('${dropped}'), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], 'dropped.jpg', { type: 'image/jpeg' }));
      document.querySelector('.chat-view')
        .dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    })()`);
    await expect.poll(() => page.locator('.composer-attachments .attachment-chip').count()).toBe(2);

    box.llm.script({ text: '两张蓝色的图。' });
    await page.locator('.composer-input').fill('这是什么？');
    await page.locator('.composer-input').press('Enter');
    await page.locator('.msg.assistant', { hasText: '两张蓝色的图。' }).waitFor();
    expect(await page.locator('.composer-attachments').isHidden()).toBe(true);
    expect(await page.locator('.msg.user .attachments img.thumb').count()).toBe(2);

    const parts = box.llm.requests.at(-1)?.body.messages.at(-1).content;
    expect(parts.map((p: { type: string }) => p.type)).toEqual(['text', 'image_url', 'image_url']);
    const first = await dataUrlPicture(parts[1].image_url.url);
    expect([first.meta.width, first.meta.height]).toEqual([1568, 784]);

    await page.reload();
    await page.locator('.msg.user .attachments img.thumb').first().waitFor();
    const thumbs = page.locator('.msg.user .attachments img.thumb');
    await expect
      .poll(() => thumbs.evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src') ?? '')))
      .toEqual([
        expect.stringMatching(/^data:image\/jpeg;base64,/),
        expect.stringMatching(/^data:image\/jpeg;base64,/),
      ]);
    expect(await page.locator('.msg.user .attachments img.thumb').count()).toBe(2);
  });
});
