import { describe, expect, it } from 'vitest';
import { splitText } from '../../../src/channels/bridge/split-text.js';

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
