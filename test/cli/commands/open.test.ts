/**
 * `aibox open` (the built CLI) against a real box with `server.token`: it prints a one-time link
 * the page trades for the token once; without a token it names the page; with no box it says so
 * (those two in this process, test/helpers/cli-in-process.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { type Box, startBox } from '../../server/harness.js';

const TOKEN = 'open-test-token-5678';
let box: Box;

/** Points the box's config.json at the port it really listens on (the harness picks a free one). */
function configOnPort(home: string, port: number, token: string): void {
  const path = join(home, 'config.json');
  const config = JSON.parse(readFileSync(path, 'utf8'));
  config.server = { ...config.server, port, token };
  writeFileSync(path, JSON.stringify(config));
}

beforeAll(async () => {
  box = await startBox({ config: { server: { token: TOKEN } } });
  configOnPort(box.home, box.server.port, TOKEN);
});
afterAll(async () => {
  await box?.close();
});

describe('aibox open', () => {
  it('prints a one-time sign-in link; its code gives the page the token once', async () => {
    const run = await runCli(['open'], { home: box.home });
    expect(run.code).toBe(0);
    const link = /http:\/\/127\.0\.0\.1:\d+\/#sign-in=([\w-]+)/.exec(run.stdout);
    expect(link).not.toBeNull();
    const redeem = () =>
      fetch(`${box.server.url}/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code: link?.[1] }),
      });
    const first = await redeem();
    expect(await first.json()).toEqual({ token: TOKEN });
    const again = await redeem();
    expect(again.status).toBe(401);
    expect(((await again.json()) as { error: { message: string } }).error.message).toContain('aibox open');
    // Issuing needs the token.
    expect((await fetch(`${box.server.url}/api/sign-in-codes`, { method: 'POST' })).status).toBe(401);
    // A body that is not a code is refused the same way.
    const junk = await fetch(`${box.server.url}/sign-in`, { method: 'POST', body: 'x'.repeat(10_000) });
    expect(junk.status).toBe(401);
  });

  it('names the page when no token is set, and says when no box answers', async () => {
    const home = box.home;
    configOnPort(home, box.server.port, '');
    const open = await runInProcess(['open'], { home });
    expect(open.stdout).toContain('needs no sign-in');
    configOnPort(home, 9, TOKEN);
    const none = await runInProcess(['open'], { home });
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('No Aibox answers on http://127.0.0.1:9');
    configOnPort(home, box.server.port, TOKEN);
  });
});
