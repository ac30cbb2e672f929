/**
 * The Settings tab in a real browser against the real server, on a first start with no model key:
 * the page opens on it, fields are checked as they are typed (a temperature out of bounds is named
 * before anything is sent), the key typed in is saved to config.json (0600) and used by the very
 * next chat request without a restart, never shown back, and cleared again; a channel's allowed senders apply live,
 * a restart key is marked "restart needed". Writes the settings screenshot.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BoxPage, openBoxPage } from './box-page.js';
import { screenshot } from './browser.js';
import type { Box } from './fixture.js';

const KEY = 'sk-typed-into-the-settings-tab';

describe('web page: settings', () => {
  let web: BoxPage;
  let box: Box;
  let page: Page;

  beforeAll(async () => {
    web = await openBoxPage({ box: { scheduler: false, withKey: false } });
    ({ box, page } = web);
  });
  afterAll(async () => {
    await web?.close();
  });

  const field = (key: string) => page.locator(`.setting[data-key="${key}"]`);

  it('opens on the settings when there is no model key, and saves one that the next turn uses', async () => {
    await page.locator('.settings-view .banner.need-model').waitFor();
    expect(page.url()).toContain('#settings');
    expect(box.app.provider.info.hasKey).toBe(false);
    // The model section comes first, labelled in Chinese.
    await expect(page.locator('.settings-section').first().getAttribute('data-section')).resolves.toBe('llm');
    await expect(field('llm.temperature').locator('.setting-label').textContent()).resolves.toContain(
      '采样温度',
    );

    // Checked as it is typed: nothing is sent while a field is wrong.
    const temperature = field('llm.temperature').locator('input');
    await temperature.fill('5');
    await field('llm.temperature').locator('.setting-error', { hasText: '不能大于 2' }).waitFor();
    await field('llm.api_key').locator('input').fill(KEY);
    await page.locator('.save-settings').click();
    await page.locator('.toast.error', { hasText: '有 1 项填写有误' }).waitFor();
    expect(JSON.parse(readFileSync(join(box.home, 'config.json'), 'utf8')).llm.api_key).toBeUndefined();

    await temperature.fill('0.4');
    await field('llm.temperature').locator('.setting-error').waitFor({ state: 'hidden' });
    await field('channels.telegram.allowed_ids').locator('textarea').fill('1001\n1002');
    // Keys outside the main sections are under "More settings".
    await page.locator('.settings-more > summary').click();
    await field('server.port').locator('input').fill('9911');
    await page.locator('.save-settings').click();
    await page.locator('.toast', { hasText: '已保存' }).waitFor();

    // Saved atomically, 0600; live keys applied in the running box; the restart key marked.
    const path = join(box.home, 'config.json');
    const file = JSON.parse(readFileSync(path, 'utf8'));
    expect(file.llm).toMatchObject({ api_key: KEY, temperature: 0.4 });
    expect(file.channels.telegram.allowed_ids).toEqual([1001, 1002]);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(box.app.config.channels.telegram.allowed_ids).toEqual([1001, 1002]);
    expect(box.app.provider.info.hasKey).toBe(true);
    await field('server.port').locator('.restart-needed').waitFor();
    await page.locator('.banner.restart-pending', { hasText: 'server.port' }).waitFor();
    await page.locator('.settings-view .banner.need-model').waitFor({ state: 'detached' });
    await page.locator('.banner.no-key').waitFor({ state: 'hidden' });
    await expect(page.locator('.model-text').textContent()).resolves.toContain('fake-model');
    // The key is never shown back, only that one is set.
    await expect(field('llm.api_key').locator('input').inputValue()).resolves.toBe('');
    await expect(field('llm.api_key').locator('input').getAttribute('placeholder')).resolves.toContain(
      '已设置',
    );
    expect(await page.content()).not.toContain(KEY);
    await screenshot(page, 'settings-desktop');

    // The next chat request goes out with the new key, no restart.
    box.llm.script({ text: '密钥可用了。' });
    await page.goto(`${box.server.url}/#chat`);
    await page.locator('.composer-input').fill('你好');
    await page.locator('.composer-input').press('Enter');
    await page.locator('.msg.assistant .md', { hasText: '密钥可用了' }).waitFor();
    const request = await box.llm.waitForRequest(1);
    expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request.body.temperature).toBe(0.4);

    // Clearing the key is the one way to remove it (an empty box keeps it).
    await page.goto(`${box.server.url}/#settings`);
    await field('llm.api_key').locator('.clear-secret').click();
    await page.locator('.save-settings').click();
    await page.locator('.settings-view .banner.need-model').waitFor();
    expect(JSON.parse(readFileSync(path, 'utf8')).llm.api_key).toBeUndefined();
    expect(box.app.provider.info.hasKey).toBe(false);
  });
});
