import { describe, expect, it } from 'vitest';
import {
  cleanDeep,
  cleanName,
  cleanText,
  isCleanName,
  plainTerminalText,
} from '../../src/util/untrusted-text.js';

const BIDI = [
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200e',
  '\u200f',
  '\u061c',
];

describe('untrusted text', () => {
  it('drops every bidi control from names and text', () => {
    for (const mark of BIDI) {
      expect(cleanName(`evil${mark}txt.exe`)).toBe('eviltxt.exe');
      expect(cleanText(`a${mark}b\nc`)).toBe('ab\nc');
    }
  });

  it('neutralises escape sequences and carriage returns', () => {
    const osc = 'tool\x1b]0;pwned\x07\x1b[2K\rname';
    expect(cleanName(osc)).not.toMatch(/[\x1b\x07\r]/);
    expect(cleanText('rm -rf ~\r\x1b[2Kls')).toBe('rm -rf ~[2Kls');
    expect(cleanText('x\x9b31m')).toBe('x31m');
  });

  it('keeps names on one line and text on its lines', () => {
    expect(cleanName('a\nb\tc\u2028d')).toBe('a b c d');
    expect(cleanText('a\r\nb\tc\u2029d')).toBe('a\nb\tc\nd');
  });

  it('drops invisible format characters but keeps joiners', () => {
    expect(cleanName('zero\u200bwidth\ufeff\u{e0041}\u00ad')).toBe('zerowidth');
    expect(cleanName('👩\u200d💻 क्\u200dष')).toBe('👩\u200d💻 क्\u200dष');
    expect(cleanName('名字 ümlaut')).toBe('名字 ümlaut');
  });

  it('tells clean names from others', () => {
    expect(isCleanName('read_file')).toBe(true);
    expect(isCleanName('read\u202efile')).toBe(false);
  });

  it('cleans every string of a nested value', () => {
    const cleaned = cleanDeep({ a: ['x\u202ey', { b: 'q\x1b[31m' }], n: 1, ok: true, none: null });
    expect(cleaned).toEqual({ a: ['xy', { b: 'q[31m' }], n: 1, ok: true, none: null });
  });

  it('turns program formatting into plain text without controls', () => {
    expect(plainTerminalText('\x1b[1mNAME\x1b[0m S\bSU\bU \u202eq\r\n')).toBe('NAME SU q\n');
  });
});
