/**
 * The set-up most page tests share: a real box (fixture.ts), a fresh chromium (browser.ts) and one
 * page on the box, connected; by default the desktop screenshots' look (`DESKTOP_ZH`).
 */
import type { BrowserContextOptions, Page } from 'playwright-core';
import {
  assertBrowserReady,
  DESKTOP_ZH,
  type LaunchedBrowser,
  launchBrowser,
  openConnectedPage,
} from './browser.js';
import { type Box, type BoxOptions, startBox } from './fixture.js';

export interface BoxPage {
  box: Box;
  /** For more pages (another viewport, a second client). */
  launched: LaunchedBrowser;
  page: Page;
  /** Closes the browser, then the box. */
  close(): Promise<void>;
}

export interface BoxPageOptions {
  box?: BoxOptions;
  /** Appended to the box's URL, e.g. `/#channels`. */
  path?: string;
  /** Over `DESKTOP_ZH`. */
  context?: BrowserContextOptions;
  /** Accepts the page's confirm() questions (buttons that remove something ask first). */
  acceptDialogs?: boolean;
}

export async function openBoxPage(options: BoxPageOptions = {}): Promise<BoxPage> {
  assertBrowserReady();
  const box = await startBox(options.box);
  let launched: LaunchedBrowser | undefined;
  try {
    launched = await launchBrowser();
    const page = await openConnectedPage(launched, `${box.server.url}${options.path ?? ''}`, {
      ...DESKTOP_ZH,
      ...options.context,
    });
    if (options.acceptDialogs) page.on('dialog', (dialog) => void dialog.accept());
    const browser = launched;
    return {
      box,
      launched: browser,
      page,
      async close() {
        await browser.close();
        await box.close();
      },
    };
  } catch (error) {
    await launched?.close();
    await box.close();
    throw error;
  }
}
