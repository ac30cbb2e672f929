/**
 * The page's MCP tab in a real browser against a box whose MCP server is the real
 * server-everything (stdio): its card offers Resources and Prompts, and each lists them.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everythingStdio } from '../mcp/servers.js';
import { type BoxPage, openBoxPage } from './box-page.js';

describe('web page: the MCP tab', () => {
  let web: BoxPage;
  let page: Page;

  beforeAll(async () => {
    web = await openBoxPage({
      box: { scheduler: false, config: { mcp: { servers: { everything: everythingStdio() } } } },
    });
    ({ page } = web);
    await web.box.app.mcp.settled();
  });
  afterAll(async () => {
    await web?.close();
  });

  it("lists a server's resources and prompts", async () => {
    await page.locator('.tab[data-tab="mcp"]').click();
    const card = page.locator('.mcp-server[data-server="everything"]');
    await card.waitFor();
    expect(await card.locator('button[data-offers]').allTextContents()).toEqual(['资源', '提示']);
    await card.locator('button[data-offers="prompts"]').click();
    await expect.poll(() => card.locator('.mcp-listing').textContent()).toContain('simple-prompt()');
    await card.locator('button[data-offers="resources"]').click();
    await expect
      .poll(() => card.locator('.mcp-listing').textContent())
      .toContain('demo://resource/static/document/');
  });
});
