/**
 * web refuses the box's own networks and metadata services after DNS resolution and on every
 * redirect, connects only to the address it checked, and fetches allow-listed hosts.
 */
import type { LookupAddress } from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ToolsConfigSchema } from '../../../src/config/schema.js';
import { createWebPool, createWebTool } from '../../../src/tools/web/web.js';
import { blockedKind, isAllowedHost } from '../../../src/tools/web/web-address.js';
import type { ResolveHost } from '../../../src/tools/web/web-resolve.js';
import { makeContext } from '../../helpers/tool-context.js';

let server: Server;
let port: number;
const pool = createWebPool();
/** Requests the test server received, as `host header path`. */
const received: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    received.push(`${req.headers.host} ${req.url}`);
    if (req.url === '/to-loopback') {
      res.writeHead(302, { location: `http://127.0.0.1:${port}/page` });
      res.end();
    } else if (req.url === '/to-mapped') {
      res.writeHead(301, { location: `http://[::ffff:7f00:1]:${port}/page` });
      res.end();
    } else {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<html><head><title>内网页面</title></head><body><p>hello</p></body></html>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await pool.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function webTool(allowHosts: string[], resolve?: ResolveHost) {
  const tool = createWebTool({
    lang: 'en',
    config: ToolsConfigSchema.parse({}),
    allowHosts: () => allowHosts,
    pool,
    ...(resolve ? { resolve } : {}),
  });
  return (url: string, lang: 'en' | 'zh' = 'en') =>
    tool.execute(tool.parameters.parse({ action: 'title', url }), makeContext({ lang }));
}

/** A resolver from a fixed table that counts its calls (hosts under `.test` never resolve for real). */
function tableResolver(table: Record<string, string[]>) {
  const calls: string[] = [];
  const resolve: ResolveHost = async (host) => {
    calls.push(host);
    const addresses = table[host];
    if (!addresses) throw Object.assign(new Error(`no ${host}`), { code: 'ENOTFOUND' });
    return addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { resolve, calls };
}

describe('blockedKind', () => {
  it('classifies loopback, private, link-local, CGNAT, metadata and the IPv6 forms that carry IPv4', () => {
    const cases: Record<string, string | undefined> = {
      '127.0.0.1': 'loopback',
      '127.255.1.2': 'loopback',
      '10.20.30.40': 'private',
      '172.16.0.1': 'private',
      '172.31.255.255': 'private',
      '172.32.0.1': undefined,
      '192.168.1.1': 'private',
      '169.254.1.1': 'link_local',
      '169.254.169.254': 'metadata',
      '100.100.100.200': 'metadata',
      '100.64.0.1': 'shared',
      '100.127.255.255': 'shared',
      '100.128.0.1': undefined,
      '0.0.0.0': 'unspecified',
      '224.0.0.251': 'multicast',
      '255.255.255.255': 'reserved',
      '8.8.8.8': undefined,
      '::1': 'loopback',
      '::': 'unspecified',
      'fc00::1': 'private',
      'fd12:3456::1': 'private',
      'fe80::1': 'link_local',
      'fe80::1%eth0': 'link_local',
      'ff02::1': 'multicast',
      'fd00:ec2::254': 'metadata',
      '::ffff:127.0.0.1': 'loopback',
      '::ffff:7f00:1': 'loopback',
      '::ffff:a9fe:a9fe': 'metadata',
      '::ffff:8.8.8.8': undefined,
      '::10.0.0.1': 'private',
      '64:ff9b::c0a8:101': 'private',
      '2002:7f00:1::': 'loopback',
      '2001:4860:4860::8888': undefined,
    };
    for (const [address, kind] of Object.entries(cases)) expect(blockedKind(address), address).toBe(kind);
  });

  it('matches allow-list entries by normalised name, IP spelling and *.suffix', () => {
    expect(isAllowedHost('LOCALHOST.', ['localhost'])).toBe(true);
    expect(isAllowedHost('[::1]', ['0:0::1'])).toBe(true);
    expect(isAllowedHost('127.0.0.1', ['0x7f.1'])).toBe(true);
    expect(isAllowedHost('nas.home.lan', ['*.lan'])).toBe(true);
    expect(isAllowedHost('lan', ['*.lan'])).toBe(false);
    expect(isAllowedHost('127.0.0.1', ['localhost'])).toBe(false);
  });
});

describe('web address filter', () => {
  it('refuses loopback in every spelling, private and metadata addresses, without connecting', async () => {
    const web = webTool([]);
    const before = received.length;
    const refused: Record<string, string> = {
      [`http://127.0.0.1:${port}/`]: '127.0.0.1 is a loopback address',
      [`http://localhost:${port}/`]: 'the address 127.0.0.1 is a loopback address',
      [`http://2130706433:${port}/`]: '127.0.0.1 is a loopback address',
      [`http://0x7f.1:${port}/`]: '127.0.0.1 is a loopback address',
      [`http://0177.0.0.1:${port}/`]: '127.0.0.1 is a loopback address',
      [`http://[::ffff:127.0.0.1]:${port}/`]: '::ffff:7f00:1 is a loopback address',
      [`http://[::1]:${port}/`]: '::1 is a loopback address',
      [`http://0.0.0.0:${port}/`]: 'the unspecified address',
      'http://10.0.0.1/': 'a private network address',
      'http://192.168.1.1/': 'a private network address',
      'http://100.64.1.1/': 'a shared (CGNAT) address',
      'http://169.254.169.254/latest/meta-data/': 'a cloud metadata service',
      'http://[fd00:ec2::254]/': 'a cloud metadata service',
      'http://metadata.google.internal/computeMetadata/v1/': 'a cloud metadata service',
    };
    for (const [url, reason] of Object.entries(refused)) {
      const result = await web(url);
      expect(result.ok, url).toBe(false);
      expect(result.content, url).toContain(reason);
      expect(result.content, url).toContain('add the host to safety.web_allow_hosts');
    }
    expect(received.length).toBe(before); // nothing reached the server
    const zh = await web(`http://127.0.0.1:${port}/`, 'zh');
    expect(zh.content).toContain('拒绝访问 127.0.0.1：地址 127.0.0.1 是本机回环地址');
  });

  it('checks every redirect hop: an allowed host redirecting to loopback is refused', async () => {
    const web = webTool(['localhost']);
    const before = received.length;
    for (const path of ['/to-loopback', '/to-mapped']) {
      const result = await web(`http://localhost:${port}${path}`);
      expect(result.ok, path).toBe(false);
      expect(result.content, path).toContain('is a loopback address');
    }
    // The first hops were fetched; the targets never were.
    expect(received.slice(before)).toEqual([
      `localhost:${port} /to-loopback`,
      `localhost:${port} /to-mapped`,
    ]);
  });

  it('fetches allow-listed hosts, by name, by IP and by *.suffix', async () => {
    expect((await webTool(['127.0.0.1'])(`http://127.0.0.1:${port}/page`)).content).toContain(
      'title: 内网页面',
    );
    expect((await webTool(['localhost'])(`http://localhost:${port}/page`)).content).toContain(
      'title: 内网页面',
    );
    const { resolve } = tableResolver({ 'nas.home.test': ['127.0.0.1'] });
    const result = await webTool(['*.home.test'], resolve)(`http://nas.home.test:${port}/page`);
    expect(result.content).toContain('title: 内网页面');
  });

  it('connects to the address it checked, resolving each host once', async () => {
    // "pinned.test" resolves nowhere but in this table, so the request can only reach the server
    // through the checked address, with the URL's host in the Host header.
    const { resolve, calls } = tableResolver({ 'pinned.test': ['127.0.0.1'] });
    const before = received.length;
    const result = await webTool(['pinned.test'], resolve)(`http://pinned.test:${port}/page`);
    expect(result.ok).toBe(true);
    expect(calls).toEqual(['pinned.test']);
    expect(received.slice(before)).toEqual([`pinned.test:${port} /page`]);
  });

  it('refuses a host when any of its addresses is blocked, and explains DNS failures', async () => {
    const { resolve } = tableResolver({ 'mixed.test': ['93.184.215.14', '192.168.0.10'] });
    const web = webTool([], resolve);
    const mixed = await web('http://mixed.test/');
    expect(mixed.ok).toBe(false);
    expect(mixed.content).toContain(
      'Refused mixed.test: the address 192.168.0.10 is a private network address',
    );
    const missing = await web('http://nowhere.test/');
    expect(missing.content).toContain('Cannot resolve the host nowhere.test (ENOTFOUND)');
  });
});
