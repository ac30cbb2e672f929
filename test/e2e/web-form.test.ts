/**
 * A form an MCP server asks for (elicitation), in a real browser against the real server: the
 * SDK's McpServer calls elicitInput during a tool call; the page shows which server asks, its
 * message (as text), one input per field with defaults filled in, Accept / Decline / Cancel and a
 * countdown. Accept with a value that does not fit marks the field and sends nothing; with right
 * values the server gets them; Decline declines.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BoxPage, openBoxPage } from './box-page.js';
import { screenshot } from './browser.js';
import type { Box } from './fixture.js';

const ELICIT_SERVER = join(import.meta.dirname, '../mcp/fixtures/elicit-mcp-server.mjs');

describe('web page: forms of MCP servers', () => {
  let web: BoxPage;
  let box: Box;
  let page: Page;

  beforeAll(async () => {
    web = await openBoxPage({
      box: {
        scheduler: false,
        config: {
          safety: { rules: [{ tool: 'mcp', command: '*', decision: 'allow' }] },
          mcp: { servers: { elicit: { command: process.execPath, args: [ELICIT_SERVER] } } },
        },
      },
    });
    ({ box, page } = web);
  });
  afterAll(async () => {
    await web?.close();
  });

  const toolResult = (n: number) =>
    box.llm.waitForRequest(n).then((request) => {
      const messages = request.body.messages as { role: string; content: string }[];
      return JSON.parse(String(messages.filter((m) => m.role === 'tool').at(-1)?.content));
    });

  const ask = async (tool: string, text: string) => {
    box.llm.script({ toolCalls: [{ name: `elicit__${tool}`, arguments: {} }] }, { text });
    const n = box.llm.requests.length + 2;
    await page.locator('.composer-input').fill(`call ${tool}`);
    await page.locator('.composer-input').press('Enter');
    const card = page.locator('.form-card[data-state="pending"]');
    await card.waitFor();
    return { card, n };
  };

  it('shows the fields; a value that does not fit is marked; right values reach the server', async () => {
    const { card, n } = await ask('profile', '资料已收到');
    expect(await card.locator('.approval-title').textContent()).toBe('MCP 服务器「elicit」请你填写');
    expect(await card.locator('.form-message').textContent()).toBe('Tell me about you');
    expect(await card.locator('.form-label').allTextContents()).toEqual([
      'Your name',
      'email',
      'age',
      'newsletter',
      'plan',
      'topics',
    ]);
    expect(await card.locator('[data-field="age"] .form-hint').textContent()).toBe(' (整数, 0–150, 必填)');
    expect(await card.locator('[data-field="email"] .form-description').textContent()).toBe('Where to write');
    expect(await card.locator('[data-field="plan"] select').inputValue()).toBe('free');
    expect(await card.locator('[data-field="newsletter"] input').isChecked()).toBe(false);
    expect(await card.locator('button').allTextContents()).toEqual(['提交', '拒绝', '取消']);
    expect(await card.locator('.approval-countdown').textContent()).toMatch(/\d+ 秒后自动拒绝/);

    // Required fields empty: marked, nothing sent.
    await card.locator('button.form-accept').click();
    expect(await card.locator('[data-field="name"] .form-error').textContent()).toBe('必填');
    expect(await card.locator('[data-field="age"] .form-error').textContent()).toBe('必填');
    await card.locator('[data-field="name"] input').fill('A');
    await card.locator('[data-field="age"] input').fill('151');
    await card.locator('button.form-accept').click();
    expect(await card.locator('[data-field="name"] .form-error').textContent()).toBe('太短');
    expect(await card.locator('[data-field="age"] .form-error').textContent()).toBe('太大');
    expect(await page.locator('.form-card[data-state="pending"]').count()).toBe(1);

    await card.locator('[data-field="name"] input').fill('Ada <b>L</b>');
    await card.locator('[data-field="email"] input').fill('ada@example.com');
    await card.locator('[data-field="age"] input').fill('36');
    await card.locator('[data-field="newsletter"] input').check();
    await card.locator('[data-field="plan"] select').selectOption('pro');
    await card.locator('[data-field="topics"] input[value="ai"]').check();
    await screenshot(page, 'mcp-form-desktop');
    await card.locator('button.form-accept').click();
    const done = page.locator('.form-card[data-state="approved"]');
    await done.waitFor();
    expect(await done.locator('.approval-outcome').textContent()).toMatch(/^✅ 已提交 \(127\.0\.0\.1:\d+\)$/);
    expect(await done.locator('button').count()).toBe(0);
    expect(await toolResult(n)).toEqual({
      action: 'accept',
      content: {
        name: 'Ada <b>L</b>',
        email: 'ada@example.com',
        age: 36,
        newsletter: true,
        plan: 'pro',
        topics: ['ai'],
      },
    });
    await page.locator('.msg.assistant .md', { hasText: '资料已收到' }).waitFor();
  });

  it('Decline declines', async () => {
    const { card, n } = await ask('needs_name', '没有填写');
    await card.locator('button.form-decline').click();
    await page.locator('.form-card[data-state="denied"][data-action="decline"]').waitFor();
    expect(await toolResult(n)).toEqual({ action: 'decline' });
    await page.locator('.msg.assistant .md', { hasText: '没有填写' }).waitFor();
  });
});
