import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSenderStore } from '../../src/chats/sender-store.js';

describe('sender store (pairing)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'aibox-senders-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('pairs with a fresh code once, in any spelling, and keeps the file private', () => {
    const path = join(dir, 'a.json');
    const store = createSenderStore(path);
    const code = store.newCode(60_000);
    expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(store.redeem('telegram', '1', 'WRONG-CODE')).toBe(false);
    expect(store.redeem('telegram', '1', ` ${code.toLowerCase().replace('-', ' ')} `)).toBe(true);
    expect(store.isPaired('telegram', '1')).toBe(true);
    expect(store.isPaired('lark', '1')).toBe(false);
    expect(store.redeem('telegram', '2', code)).toBe(false);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('refuses an expired code', () => {
    let now = 1_000_000;
    const store = createSenderStore(join(dir, 'b.json'), () => now);
    const code = store.newCode(1000);
    now += 1001;
    expect(store.redeem('telegram', '1', code)).toBe(false);
  });

  it('records chats with their opener and whether they are one-to-one; unpairing forgets them', () => {
    const path = join(dir, 'c.json');
    writeFileSync(path, JSON.stringify({ chats: { dingtalk: { 'cid-old': 'u1' } } })); // a file from before `direct`
    const store = createSenderStore(path);
    expect(store.knownChat('dingtalk', 'cid-old')).toEqual({ opener: 'u1', direct: false });
    expect(store.redeem('dingtalk', 'u2', store.newCode(60_000))).toBe(true);
    store.rememberChat('dingtalk', 'cid-direct', 'u2', true);
    store.rememberChat('dingtalk', 'cid-group', 'u2');
    expect(store.knownChat('dingtalk', 'cid-direct')).toEqual({ opener: 'u2', direct: true });
    expect(store.knownChat('dingtalk', 'cid-group')).toEqual({ opener: 'u2', direct: false });
    expect(store.knownChat('telegram', 'cid-direct')).toBeUndefined();
    store.unpair('dingtalk', 'u2');
    expect(store.knownChat('dingtalk', 'cid-direct')).toBeUndefined();
    store.rememberChat('dingtalk', 'cid-direct', 'u1');
    expect(store.knownChat('dingtalk', 'cid-direct')).toEqual({ opener: 'u1', direct: false });
  });
});
