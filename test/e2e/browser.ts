/**
 * A real browser for the page's end-to-end tests: Debian's chromium driven by playwright-core
 * (installed with `apt-get install -y chromium-headless-shell chromium fonts-wqy-zenhei`). One
 * browser per test process, on a fresh profile (playwright's `launch()` creates a temporary
 * --user-data-dir itself and refuses one in `args`); each test file works in browser contexts of
 * its own.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';
import { keepForWorker } from '../helpers/keep-for-worker.js';

/**
 * Chromium's headless shell (the same Blink and V8 without the desktop browser around them, what
 * playwright itself runs for `headless`) where it is installed: it costs a quarter of the CPU of
 * the full browser in headless mode for the same tests. `AIBOX_CHROMIUM` picks another binary.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM_PATH =
  process.env.AIBOX_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM_PATH);
}

/** Throws, saying what to install or build, unless chromium and the built page are there. */
export function assertBrowserReady(): void {
  if (!chromiumAvailable())
    throw new Error(
      'chromium is missing: apt-get install -y chromium-headless-shell chromium fonts-wqy-zenhei',
    );
  if (!existsSync(resolve(import.meta.dirname, '../../dist/web/index.html')))
    throw new Error('dist/web is missing: npm run build');
}

export interface LaunchedBrowser {
  browser: Browser;
  /**
   * A fresh context (its own cookies and storage), closed with `close()` at the latest; with
   * `reducedMotion: 'reduce'` unless the options say otherwise (no frames drawn for animations).
   */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** Closes this user's contexts; the shared browser stays up for the next test file. */
  close(): Promise<void>;
}

let shared: Promise<Browser> | undefined;

/**
 * One chromium per test process: vitest runs test file after file in the same process
 * (isolate: false), and a launch costs seconds of CPU. Files are isolated from each other by
 * contexts, not browsers. Playwright ends the browser when the process exits.
 */
function sharedBrowser(): Promise<Browser> {
  shared ??= keepForWorker('one chromium per worker process', () =>
    chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // Press-to-talk: getUserMedia is granted without asking and hears chromium's test tone.
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
      ],
    }),
  ).then(
    (browser) => {
      browser.on('disconnected', () => {
        shared = undefined;
      });
      return browser;
    },
    (error: unknown) => {
      shared = undefined;
      throw error;
    },
  );
  return shared;
}

export async function launchBrowser(): Promise<LaunchedBrowser> {
  const browser = await sharedBrowser();
  const contexts = new Set<BrowserContext>();
  return {
    browser,
    async newContext(options) {
      const context = await browser.newContext({ reducedMotion: 'reduce', ...options });
      contexts.add(context);
      context.on('close', () => contexts.delete(context));
      // A step that cannot happen fails naming the locator it waited for, well before vitest's timeout.
      context.setDefaultTimeout(10_000);
      return context;
    },
    async close() {
      await Promise.all([...contexts].map((context) => context.close()));
    },
  };
}

/** A new context and page on `url`, once the page says it is connected. */
export async function openConnectedPage(
  launched: LaunchedBrowser,
  url: string,
  options: BrowserContextOptions,
): Promise<Page> {
  const page = await (await launched.newContext(options)).newPage();
  await page.goto(url);
  await page.locator('.status[data-conn="open"]').waitFor();
  return page;
}

/** Viewports of the screenshots kept in docs/screenshots/. */
export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/** The look of the desktop screenshots: light colours, in Chinese. */
export const DESKTOP_ZH: BrowserContextOptions = {
  viewport: VIEWPORTS.desktop,
  colorScheme: 'light',
  locale: 'zh-CN',
};

/**
 * Where screenshots go: a temp dir in a test run (tests write nothing tracked), or
 * `AIBOX_SCREENSHOTS_DIR`, which `npm run screenshots` points at docs/screenshots/ to refresh
 * the pictures the README shows.
 */
export const SHOTS = process.env.AIBOX_SCREENSHOTS_DIR
  ? resolve(process.env.AIBOX_SCREENSHOTS_DIR)
  : mkdtempSync(join(tmpdir(), 'aibox-shots-'));

/** Takes a screenshot for docs/ without the passing notices (toasts) of earlier steps; checks it is a PNG. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.evaluate("document.querySelector('.toasts')?.replaceChildren()");
  const png = await page.screenshot({ path: join(SHOTS, `${name}.png`) });
  if (png.subarray(1, 4).toString('latin1') !== 'PNG') throw new Error(`screenshot ${name} is not a PNG`);
}
