import { describe, expect, it } from 'vitest';
import { envLines } from '../../src/protocol/env-lines.js';

describe('envLines', () => {
  it('shows each variable as NAME="value", hidden characters and quotes escaped', () => {
    expect(envLines(undefined)).toEqual([]);
    expect(
      envLines({ PATH: '/w\u202e:/usr/bin', X: 'a"b\\c', E: 'x\x1b[2K\ny', Z: 'zero\u200bwidth' }),
    ).toEqual([
      'PATH="/w\\u{202e}:/usr/bin"',
      'X="a\\"b\\\\c"',
      'E="x\\u{1b}[2K\\u{a}y"',
      'Z="zero\\u{200b}width"',
    ]);
  });
});
