import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ToolsConfigSchema } from '../../../src/config/schema.js';
import { createWebPool, createWebTool } from '../../../src/tools/web/web.js';
import { pickCharset } from '../../../src/tools/web/web-fetch.js';
import { makeContext } from '../../helpers/tool-context.js';

const ARTICLE = `<!doctype html><html><head><meta charset="utf-8"><title>Aibox 测试页面</title></head><body>
<nav><a href="/first">First</a> <a href="second.html#top">Second</a> <a href="/first#again">First again</a>
<a href="mailto:someone@example.com">Mail</a> <a href="javascript:void(0)">JS</a> <a href="https://example.org/ext">External</a></nav>
<article><h1>人工智能盒子</h1>
<p>${'这是一段用于测试正文提取的中文内容，介绍了智能盒子的功能和用法。'.repeat(8)}</p>
<p>The second paragraph has <strong>bold text</strong> and a <a href="/inner">link inside</a>.</p>
<ul><li>第一项</li><li>第二项</li></ul></article>
<script>window.secret = "script text must not appear";</script></body></html>`;

// "中文网页" and "你好世界" encoded in GBK.
const GBK_TITLE = Buffer.from('d6d0cec4cdf8d2b3', 'hex');
const GBK_BODY = Buffer.from('c4e3bac3cac0bde7', 'hex');

let server: Server;
let base: string;
const stalled: ServerResponse[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '/';
    if (path === '/article/page.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(ARTICLE);
    } else if (path === '/gbk') {
      res.writeHead(200, { 'content-type': 'text/html; charset=GBK' });
      res.end(
        Buffer.concat([
          Buffer.from('<html><head><title>'),
          GBK_TITLE,
          Buffer.from('</title></head><body><p>'),
          GBK_BODY,
          Buffer.from('</p></body></html>'),
        ]),
      );
    } else if (path === '/gzip' || path === '/br') {
      const body = Buffer.from(ARTICLE);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': path.slice(1) });
      res.end(path === '/gzip' ? gzipSync(body) : brotliCompressSync(body));
    } else if (path === '/bomb') {
      // 16 KB of gzip that inflates to 16 MB: reading must stop at the cap.
      res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
      res.end(gzipSync(Buffer.alloc(16 * 1024 * 1024, 'a')));
    } else if (path === '/big') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      // Far more than the cap; the server would keep going if the client did not stop reading.
      for (let i = 0; i < 200; i++) res.write(`${String(i).padStart(6, '0')} ${'x'.repeat(1000)}\n`);
      res.end('THE-END');
    } else if (path === '/stall') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<html><head><title>slow');
      stalled.push(res); // never ended: the client must time out
    } else if (path === '/redirect') {
      res.writeHead(302, { location: '/article/page.html' });
      res.end();
    } else if (path === '/loop') {
      res.writeHead(302, { location: '/loop' });
      res.end();
    } else if (path === '/to-file') {
      res.writeHead(302, { location: 'file:///etc/passwd' });
      res.end();
    } else if (path === '/missing') {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('no such page');
    } else if (path === '/image') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await pool.close();
  for (const res of stalled) res.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

// The test server is on loopback, which web refuses unless allowed.
const allowHosts = ['127.0.0.1'];
const pool = createWebPool();

function makeTool(overrides: Record<string, unknown> = {}) {
  const tool = createWebTool({
    lang: 'en',
    config: ToolsConfigSchema.parse(overrides),
    allowHosts: () => allowHosts,
    pool,
  });
  return (args: Record<string, unknown>, lang: 'en' | 'zh' = 'en') =>
    tool.execute(tool.parameters.parse(args), makeContext({ lang }));
}

describe('web', () => {
  const web = makeTool();

  it('get: status, title, link count and a short preview', async () => {
    const result = await web({ action: 'get', url: `${base}/article/page.html` });
    expect(result.ok).toBe(true);
    expect(result.content).toContain('status: 200');
    expect(result.content).toContain('title: Aibox 测试页面');
    expect(result.content).toContain('links: 4');
    expect(result.content).toMatch(/preview: .*人工智能盒子 这是一段用于测试正文提取的中文内容/);
    expect(result.content).not.toContain('First again');
    expect(result.content).not.toContain('script text');
    // What the page said is outside text from here on (docs/memory-and-tasks.md, "Untrusted input").
    expect(result.untrusted).toBe('web');
  });

  it('text: the article as Markdown', async () => {
    const result = await web({ action: 'text', url: `${base}/article/page.html` });
    expect(result.ok).toBe(true);
    expect(result.content).toContain('这是一段用于测试正文提取的中文内容');
    expect(result.content).toContain('**bold text**');
    expect(result.content).toContain(`[link inside](${base}/inner)`);
    expect(result.content).toMatch(/- +第一项/);
    expect(result.content).not.toContain('script text');
  });

  it('title, and links: absolute, in page order, de-duplicated, http(s) only, limited', async () => {
    expect((await web({ action: 'title', url: `${base}/article/page.html` })).content).toContain(
      'title: Aibox 测试页面',
    );
    const links = await web({ action: 'links', url: `${base}/article/page.html` });
    const urls = [
      ...links.content.matchAll(/(http:\/\/127\.0\.0\.1:\d+\/\S*|https:\/\/example\.org\/\S*)/g),
    ].map((m) => m[1]);
    expect(urls.slice(1)).toEqual([
      `${base}/first`,
      `${base}/article/second.html`,
      'https://example.org/ext',
      `${base}/inner`,
    ]);
    expect(links.content).not.toContain('mailto');
    const limited = await web({ action: 'links', url: `${base}/article/page.html`, limit: 2 });
    expect(limited.content).toContain('2 more links not shown');
  });

  it('search: a Chinese keyword with snippets, and a miss', async () => {
    const found = await web(
      { action: 'search', url: `${base}/article/page.html`, keyword: '智能盒子' },
      'zh',
    );
    expect(found.ok).toBe(true);
    expect(found.content).toContain('在网页中找到 "智能盒子"（9 处）');
    expect(found.content).toContain('介绍了智能盒子的功能');
    const missing = await web({ action: 'search', url: `${base}/article/page.html`, keyword: 'quantum' });
    expect(missing.content).toContain('"quantum" was not found');
    expect((await web({ action: 'search', url: `${base}/article/page.html` })).content).toContain(
      'needs a keyword',
    );
  });

  it('decodes a GBK page by its content-type charset', async () => {
    const result = await web({ action: 'get', url: `${base}/gbk` });
    expect(result.content).toContain('title: 中文网页');
    expect(result.content).toContain('charset: gbk');
    expect(result.content).toContain('你好世界');
  });

  it('stops reading at the size cap', async () => {
    const capped = makeTool({ web_max_bytes: 5000 });
    const result = await capped({ action: 'text', url: `${base}/big` });
    expect(result.ok).toBe(true);
    expect(result.content).toContain('larger than the 4.9 KB limit');
    expect(result.content).toContain('000003 xxx');
    expect(result.content).not.toContain('THE-END');
  });

  it('decodes gzip and br bodies, and counts the cap after decoding', async () => {
    for (const path of ['/gzip', '/br']) {
      const result = await web({ action: 'title', url: `${base}${path}` });
      expect(result.content, path).toContain('title: Aibox 测试页面');
    }
    const capped = makeTool({ web_max_bytes: 100_000 });
    const bomb = await capped({ action: 'get', url: `${base}/bomb` });
    expect(bomb.ok).toBe(true);
    expect(bomb.content).toContain('size: 97.7 KB');
    expect(bomb.content).toContain('larger than the 97.7 KB limit');
  });

  it('times out on a stalling server with the configured timeout', async () => {
    const slow = makeTool({ web_timeout_s: 0.3 });
    const result = await slow({ action: 'title', url: `${base}/stall` });
    expect(result.ok).toBe(false);
    expect(result.content).toContain('The request timed out (0.3 s)');
  });

  it('stops at once when the turn is aborted', async () => {
    const tool = createWebTool({
      lang: 'en',
      config: ToolsConfigSchema.parse({ web_timeout_s: 60 }),
      allowHosts: () => allowHosts,
      pool,
    });
    const ctx = makeContext();
    const before = stalled.length;
    const pending = tool.execute(tool.parameters.parse({ action: 'text', url: `${base}/stall` }), ctx);
    await expect.poll(() => stalled.length).toBe(before + 1); // the request is being served
    ctx.controller.abort();
    const result = await pending;
    expect(result.ok).toBe(false);
    expect(result.content).toContain('The request was aborted');
  });

  it('rejects non-http schemes, also through a redirect, and follows normal redirects', async () => {
    for (const url of ['file:///etc/passwd', 'data:text/html,<b>x</b>', 'ftp://example.com/x']) {
      const result = await web({ action: 'get', url });
      expect(result.ok).toBe(false);
      expect(result.content).toContain('only http:// and https:// URLs can be fetched');
    }
    expect((await web({ action: 'get', url: `${base}/to-file` })).content).toContain(
      'Unsupported scheme file:',
    );
    const redirected = await web({ action: 'title', url: `${base}/redirect` });
    expect(redirected.content).toContain(`url: ${base}/article/page.html`);
    expect((await web({ action: 'get', url: 'not a url' })).content).toContain('Invalid URL');
    expect((await web({ action: 'get', url: `${base}/loop` })).content).toContain(
      'Too many redirects (more than 5)',
    );
  });

  it('reports HTTP errors, non-text pages and unreachable hosts', async () => {
    const missing = await web({ action: 'text', url: `${base}/missing` });
    expect(missing.ok).toBe(false);
    expect(missing.content).toContain('HTTP 404');
    expect(missing.content).toContain('no such page');
    // An error page's preview is the server's text too; a fetch that never answered brings none.
    expect(missing.untrusted).toBe('web');
    expect((await web({ action: 'text', url: `${base}/image` })).content).toContain(
      'Not a text page (Content-Type: image/png)',
    );
    const closed = await web({ action: 'get', url: 'http://127.0.0.1:1/' });
    expect(closed.ok).toBe(false);
    expect(closed.content).toContain('Network error');
    expect(closed.untrusted).toBeUndefined();
  });
});

describe('pickCharset', () => {
  it('prefers the header, then <meta>, then a BOM, and ignores labels TextDecoder does not know', () => {
    const meta = Buffer.from(
      '<html><head><meta http-equiv="Content-Type" content="text/html; charset=gb2312">',
    );
    expect(pickCharset('text/html', meta)).toBe('gbk');
    expect(pickCharset('text/html; charset=big5', meta)).toBe('big5');
    expect(pickCharset('text/html; charset=no-such-charset', meta)).toBe('gbk');
    expect(pickCharset('', Buffer.from([0xff, 0xfe, 0x41, 0x00]))).toBe('utf-16le');
    expect(pickCharset('text/plain', Buffer.from('plain'))).toBe('utf-8');
  });
});
