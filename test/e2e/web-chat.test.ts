/**
 * The chat in a real browser against the real server and the fake LLM: streamed Markdown,
 * a tool card with live command output (its badge still under reduced motion), abort, a queued
 * message, and history after a reload.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BoxPage, openBoxPage } from './box-page.js';
import { type LaunchedBrowser, screenshot, VIEWPORTS } from './browser.js';
import type { Box } from './fixture.js';

describe('web page: chat', () => {
  let web: BoxPage;
  let box: Box;
  let launched: LaunchedBrowser;
  let page: Page;

  beforeAll(async () => {
    web = await openBoxPage();
    ({ box, launched, page } = web);
  });

  afterAll(async () => {
    await web?.close();
  });

  const send = async (text: string) => {
    await page.locator('.composer-input').fill(text);
    await page.locator('.composer-input').press('Enter');
  };

  it('shows the model in use and no key warning when a key is set', async () => {
    await expect(page.locator('.model-text').textContent()).resolves.toContain('fake-model');
    expect(await page.locator('.banner.no-key').isHidden()).toBe(true);
  });

  it('Shift+Enter makes a new line and Enter sends; the answer streams in as highlighted Markdown', async () => {
    box.llm.script({
      reasoning: '用户在打招呼，给一个简短的示例。',
      text: '你好！这是一个 **示例**：\n\n```python\nprint("hello, 世界")\n```\n\n- 第一点\n- 第二点',
      chunkChars: 3,
    });
    const input = page.locator('.composer-input');
    await input.fill('第一行');
    await input.press('Shift+Enter');
    await input.pressSequentially('第二行');
    expect(await input.inputValue()).toBe('第一行\n第二行');
    await input.press('Enter');
    await page.locator('.msg.user .bubble', { hasText: '第一行\n第二行' }).waitFor();
    const answer = page.locator('.msg.assistant').last();
    await answer.locator('pre code .hljs-string').waitFor();
    await answer.locator('.md li', { hasText: '第二点' }).waitFor();
    await page.locator('.msg.assistant.streaming').waitFor({ state: 'detached' });
    expect(await answer.locator('.md strong').textContent()).toBe('示例');
    // Reasoning is there, folded away.
    expect(await answer.locator('details.reasoning .reasoning-text').textContent()).toContain('打招呼');
    expect(await answer.locator('details.reasoning').getAttribute('open')).toBeNull();
    expect(await input.inputValue()).toBe('');
  });

  it('shows live run_command output in a tool card while the command runs', async () => {
    // In the workspace: the command runs in the sandbox, which sees the workspace but not the rest of /tmp.
    const go = join(box.app.paths.workspace, 'go-on');
    box.llm.script(
      {
        text: '我来运行这个命令。',
        toolCalls: [
          {
            name: 'run_command',
            arguments: {
              command: `echo first line; while [ ! -e '${go}' ]; do sleep 0.05; done; echo second line`,
            },
          },
        ],
      },
      { text: '命令已完成，输出了两行：`first line` 和 `second line`。' },
    );
    await send('运行一个慢命令');
    const running = page.locator('.tool-card[data-state="running"]');
    await running.locator('.tool-output', { hasText: 'first line' }).waitFor();
    expect(await running.locator('.tool-name').textContent()).toBe('run_command');
    // Its badge pulses, unless the person asked for reduced motion (as the tests' contexts do).
    const animation = `getComputedStyle(document.querySelector('.tool-card[data-state="running"] .tool-state')).animationName`;
    expect(await page.evaluate<string>(animation)).toBe('none');
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect(await page.evaluate<string>(animation)).toBe('pulse');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await running.locator('.tool-output').textContent()).not.toContain('second line');
    expect(await page.locator('.composer .abort').isVisible()).toBe(true);
    writeFileSync(go, '');
    const done = page.locator('.tool-card[data-state="ok"]').last();
    await done.locator('.tool-output', { hasText: 'second line' }).waitFor();
    await page.locator('.msg.assistant .md', { hasText: '命令已完成' }).waitFor();
    expect(await done.locator('.tool-meta').textContent()).toMatch(/\d/);
    await page.locator('.composer .abort').waitFor({ state: 'hidden' });
    await screenshot(page, 'chat-desktop');
  });

  it('abort stops a running turn, and a message sent meanwhile waits as queued, then runs', async () => {
    box.llm.script({ stall: 'mid-stream' }, { text: '这是第二个问题的回答。' });
    await send('一个很慢的问题');
    await page.locator('.msg.assistant.streaming .md', { hasText: 'thinking' }).waitFor();
    await send('第二个问题');
    const queued = page.locator('.msg.user.queued', { hasText: '第二个问题' });
    await queued.waitFor();
    await page.locator('.composer .abort').click();
    await page.locator('.msg.assistant .note.muted:not(.usage)').waitFor();
    await queued.waitFor({ state: 'detached' });
    await page.locator('.msg.assistant .md', { hasText: '这是第二个问题的回答' }).waitFor();
    await page.locator('.composer .abort').waitFor({ state: 'hidden' });
    await box.llm.waitForClosed(box.llm.requests.length - 1);
  });

  it('shows the conversation again after a reload (the history frame)', async () => {
    await page.reload();
    await page.locator('.status[data-conn="open"]').waitFor();
    await page.locator('.msg.user .bubble', { hasText: '运行一个慢命令' }).waitFor();
    await page.locator('.msg.assistant .md', { hasText: '命令已完成' }).waitFor();
    await page.locator('.tool-card .tool-name', { hasText: 'run_command' }).first().waitFor();
    await page.locator('.msg.assistant pre code .hljs-string').first().waitFor();
  });

  it('reconnects by itself when the server comes back, and shows the history again', async () => {
    await box.stopServer();
    await page.locator('.status[data-conn="closed"]').waitFor();
    expect(await page.locator('.composer .send').isDisabled()).toBe(true);
    await box.restartServer();
    await page.locator('.status[data-conn="open"]').waitFor();
    await page.locator('.msg.assistant .md', { hasText: '命令已完成' }).waitFor();
    expect(await page.locator('.composer .send').isDisabled()).toBe(false);
  });

  it('looks right at phone width (screenshot)', async () => {
    const phone = await launched.newContext({
      viewport: VIEWPORTS.phone,
      colorScheme: 'light',
      deviceScaleFactor: 2,
    });
    const p = await phone.newPage();
    await p.goto(box.server.url);
    await p.locator('.msg.assistant .md', { hasText: '命令已完成' }).waitFor();
    const width = await p.evaluate<number>('document.documentElement.scrollWidth');
    expect(width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await screenshot(p, 'chat-phone');
    await phone.close();
  });

  it('new conversation clears the chat for every client', async () => {
    page.once('dialog', (dialog) => void dialog.accept());
    await page.locator('.composer .new-chat').click();
    await page.locator('.note.divider').waitFor();
    expect(await page.locator('.msg.user').count()).toBe(0);
    await page.reload();
    await page.locator('.chat-empty').waitFor();
    expect(await page.locator('.msg.user').count()).toBe(0);
  });

  it('renders model HTML as text, never as markup', async () => {
    box.llm.script({
      text: 'look: <img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script> done',
    });
    await send('html please');
    await page.locator('.msg.assistant .md', { hasText: 'done' }).last().waitFor();
    expect(await page.evaluate<unknown>('window.__pwned')).toBeUndefined();
    expect(await page.locator('.msg.assistant .md img, .msg.assistant .md script').count()).toBe(0);
  });
});
