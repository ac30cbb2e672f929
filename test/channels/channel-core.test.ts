/** The channel core's pure parts: splitting, MarkdownV2, pairing codes, redelivery memory, back-off. */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseApprovalData } from '../../src/channels/approvals/approval-prompt.js';
import { createRecentIds } from '../../src/channels/bridge/recent-ids.js';
import { safeFileName } from '../../src/channels/bridge/save-chat-files.js';
import { splitText } from '../../src/channels/bridge/split-text.js';
import { toMarkdownV2 } from '../../src/channels/telegram/markdown-v2.js';
import { createSenderStore } from '../../src/chats/sender-store.js';
import { checkMarkdownV2 } from '../helpers/fake-telegram.js';

describe('splitText', () => {
  it('keeps short text whole and cuts long text at line breaks within the limit', () => {
    expect(splitText('short', 10)).toEqual(['short']);
    const text = ['aaaa aaaa', 'bbbb bbbb', 'cccc'].join('\n');
    const pieces = splitText(text, 12);
    expect(pieces).toEqual(['aaaa aaaa', 'bbbb bbbb', 'cccc']);
  });

  it('cuts text without breaks at the limit and never splits a surrogate pair', () => {
    const emoji = '😀'.repeat(10); // 20 UTF-16 units
    const pieces = splitText(emoji, 5);
    for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(5);
    expect(pieces.join('')).toBe(emoji);
    expect(pieces.every((p) => !/[\ud800-\udbff]$/.test(p))).toBe(true);
  });

  it('splits Chinese text with no spaces', () => {
    const text = '你好世界'.repeat(50);
    const pieces = splitText(text, 64);
    expect(pieces.join('')).toBe(text);
    expect(Math.max(...pieces.map((p) => p.length))).toBeLessThanOrEqual(64);
  });
});

describe('toMarkdownV2', () => {
  const hostile = [
    '_*[]()~`>#+-=|{}.!\\',
    'unbalanced ` backtick',
    '```\nunclosed block',
    '```js\nconst a = `b` + "\\\\";\n```',
    '**bold** and **unclosed',
    'a `code with \\ and *stars*` b',
    '2 * 3 = 6! (really) [link](http://x.y) ~strike~ > quote #tag |pipe| {brace}',
    '中文：你好！（括号）。',
    '\\`escaped backtick\\`',
    '```',
    '`',
    '****',
  ];

  it.each(hostile)('gives valid MarkdownV2 for %j', (text) => {
    expect(checkMarkdownV2(toMarkdownV2(text))).toBeUndefined();
  });

  it('keeps code blocks, inline code and bold as entities', () => {
    expect(toMarkdownV2('**hi** `a.b` x.y')).toBe('*hi* `a.b` x\\.y');
    expect(toMarkdownV2('```sh\nls -la\n```')).toBe('```sh\nls -la\n```');
  });

  it('the fake refuses what Telegram refuses (the check is not vacuous)', () => {
    expect(checkMarkdownV2('a.b')).toMatch(/reserved/);
    expect(checkMarkdownV2('*open')).toMatch(/unclosed/);
    expect(checkMarkdownV2('```\nx')).toMatch(/unclosed/);
  });

  it('gives valid MarkdownV2 for random mixes of special characters', () => {
    const alphabet = '_*[]()~`>#+-=|{}.!\\\n ab中';
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let n = 0; n < 500; n++) {
      let text = '';
      for (let i = 0; i < 40; i++) text += alphabet[Math.floor(random() * alphabet.length)];
      expect(checkMarkdownV2(toMarkdownV2(text)), JSON.stringify(text)).toBeUndefined();
    }
  });
});

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

describe('recent ids', () => {
  it('sees an id once and forgets the oldest past capacity', () => {
    const recent = createRecentIds(2);
    expect(recent.firstSeen('a')).toBe(true);
    expect(recent.firstSeen('a')).toBe(false);
    recent.firstSeen('b');
    recent.firstSeen('c');
    expect(recent.firstSeen('a')).toBe(true);
  });
});

describe('safeFileName', () => {
  it('removes path parts and leading dots but keeps Chinese', () => {
    expect(safeFileName('../../etc/passwd')).not.toContain('/');
    expect(safeFileName('.bashrc')).toBe('bashrc');
    expect(safeFileName('报表.xlsx')).toBe('报表.xlsx');
    expect(safeFileName('')).toBe('file');
  });
});

describe('approval button payloads', () => {
  it('reads only well-formed payloads', () => {
    expect(parseApprovalData('ap:always:appr_0123abcd')).toEqual({
      answer: 'always',
      approvalId: 'appr_0123abcd',
    });
    for (const junk of [
      'ap:maybe:appr_1',
      'ap:allow:',
      'ap:allow:a b',
      'xx:allow:appr_1',
      `ap:deny:${'a'.repeat(57)}`,
    ])
      expect(parseApprovalData(junk), junk).toBeUndefined();
  });
});
