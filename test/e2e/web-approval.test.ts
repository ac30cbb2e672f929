/**
 * The approval card in a real browser against the real server: the model asks to
 * write outside the workspace, the page shows the command (as text, never HTML),
 * the reason, a countdown and the buttons; Deny resolves it and nothing is written.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outsideDir } from '../integration/approval-box.js';
import { type BoxPage, openBoxPage } from './box-page.js';
import { screenshot } from './browser.js';
import type { Box } from './fixture.js';

describe('web page: approvals', () => {
  let web: BoxPage;
  let box: Box;
  let page: Page;

  beforeAll(async () => {
    web = await openBoxPage({ box: { scheduler: false } });
    ({ box, page } = web);
  });
  afterAll(async () => {
    await web?.close();
  });

  it('shows the request with Allow once / Always / Deny and a countdown; Deny shows the decision', async () => {
    const target = join(outsideDir(), '<img src=x onerror=alert(1)>.txt');
    box.llm.script(
      { toolCalls: [{ name: 'write_file', arguments: { filepath: target, content: 'x' } }] },
      { text: '好的，没有写入。' },
    );
    await page.locator('.composer-input').fill('写个文件');
    await page.locator('.composer-input').press('Enter');
    const card = page.locator('.approval-card[data-state="pending"]');
    await card.waitFor();
    expect(await card.locator('.approval-title').textContent()).toBe('需要你的批准：write_file');
    expect(await card.locator('.approval-command').textContent()).toBe(`write_file ${target}`);
    expect(await card.locator('.approval-command img').count()).toBe(0);
    expect(await card.locator('.approval-reason').textContent()).toContain('safety.file_roots');
    expect(await card.locator('.approval-countdown').textContent()).toMatch(/\d+ 秒后自动拒绝/);
    expect(await card.locator('button').allTextContents()).toEqual(['允许一次', '总是允许', '拒绝']);
    await screenshot(page, 'approval-desktop');

    await card.locator('button.approval-deny').click();
    const decided = page.locator('.approval-card[data-state="denied"]');
    await decided.waitFor();
    expect(await decided.locator('.approval-outcome').textContent()).toMatch(/^已拒绝（127\.0\.0\.1:\d+）$/);
    expect(await decided.locator('button').count()).toBe(0);
    await page.locator('.msg.assistant .md', { hasText: '好的，没有写入。' }).waitFor();
    expect(existsSync(target)).toBe(false);
  });

  it('shows the environment the model set for a command, as text, and offers no Always', async () => {
    box.llm.script(
      {
        toolCalls: [
          {
            name: 'run_command',
            arguments: { command: 'rm -rf build', env: { LD_PRELOAD: './<b>x</b>.so', GIT_PAGER: 'sh' } },
          },
        ],
      },
      { text: '没有删除。' },
    );
    await page.locator('.composer-input').fill('清理一下');
    await page.locator('.composer-input').press('Enter');
    const card = page.locator('.approval-card[data-state="pending"]');
    await card.waitFor();
    expect(await card.locator('.approval-command').textContent()).toBe('rm -rf build');
    expect(await card.locator('.approval-env-title').textContent()).toBe('模型为这条命令设置的环境变量：');
    expect(await card.locator('.approval-env-vars').textContent()).toBe(
      'LD_PRELOAD="./<b>x</b>.so"\nGIT_PAGER="sh"',
    );
    expect(await card.locator('.approval-env-vars b').count()).toBe(0);
    expect(await card.locator('button').allTextContents()).toEqual(['允许一次', '拒绝']);
    await card.locator('button.approval-deny').click();
    await page.locator('.msg.assistant .md', { hasText: '没有删除。' }).waitFor();
    expect(await page.locator('.approval-card[data-state="pending"]').count()).toBe(0);
  });

  it('after Allow once the answer that follows stays in view (the log keeps following the turn)', async () => {
    const filler = Array.from({ length: 40 }, (_, i) => `第 ${i + 1} 行：一些先前的内容。`).join('\n\n');
    box.llm.script({ text: filler });
    await page.locator('.composer-input').fill('先说点什么');
    await page.locator('.composer-input').press('Enter');
    await page.locator('.msg.assistant .md', { hasText: '第 40 行' }).waitFor();
    const target = join(outsideDir(), 'allowed.txt');
    const answer = Array.from({ length: 30 }, (_, i) => `结果第 ${i + 1} 段。`).join('\n\n');
    box.llm.script(
      { toolCalls: [{ name: 'write_file', arguments: { filepath: target, content: 'x' } }] },
      { text: `${answer}\n\n写好了，全部完成。` },
    );
    await page.locator('.composer-input').fill('写个文件');
    await page.locator('.composer-input').press('Enter');
    const card = page.locator('.approval-card[data-state="pending"]');
    await card.waitFor();
    // The person scrolls up a little to read what was asked before answering.
    await page.locator('.chat-scroll').evaluate((el) => el.scrollBy(0, -300));
    await card.locator('button.approval-allow').click();
    await page.locator('.msg.assistant .md', { hasText: '写好了，全部完成。' }).waitFor();
    await page.waitForFunction(
      "(() => { const el = document.querySelector('.chat-scroll'); return el.scrollHeight - el.scrollTop - el.clientHeight < 80; })()",
      undefined,
      { timeout: 5000 },
    );
    expect(existsSync(target)).toBe(true);
  });
});
