import { describe, expect, it } from 'vitest';
import { toMarkdownV2 } from '../../../src/channels/telegram/markdown-v2.js';
import { checkMarkdownV2 } from '../../helpers/fake-telegram.js';

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
