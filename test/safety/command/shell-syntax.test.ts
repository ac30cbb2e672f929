import { describe, expect, it } from 'vitest';
import { parseCommandLine } from '../../../src/safety/command/shell-syntax.js';

const names = (line: string) => parseCommandLine(line, '/home/u').assignments.map((a) => a.name);
const single = (line: string) => parseCommandLine(line, '/home/u').single;

describe('parseCommandLine: assignments', () => {
  it('finds every way a line sets a variable', () => {
    expect(names('X=1 PATH=/w ldconfig -p')).toEqual(['X', 'PATH']);
    expect(names('export PATH=/w GIT_DIR "$v"')).toEqual(['PATH', 'GIT_DIR', undefined]);
    expect(names('declare -x A=1; readonly B')).toEqual(['A', 'B']);
    expect(names('local -n r=PATH')).toEqual(['r', 'PATH']);
    expect(names('for PATH in /w; do ls; done')).toEqual(['PATH']);
    expect(names('((PATH=1)); let x++; echo $((y+=2))')).toEqual(['PATH', 'x', 'y']);
    expect(names('a=$(X=2 ls)')).toEqual(['a', 'X']);
    expect(names('ls -la; echo "$PATH"')).toEqual([]);
  });
});

describe('parseCommandLine: single', () => {
  it('is one static simple command and nothing else', () => {
    expect(single('ldconfig -p')).toBe(true);
    expect(single("git log --format='%h'")).toBe(true);
    for (const line of [
      'X=1 ldconfig -p',
      'export PATH=/w; ldconfig -p',
      'ls > x',
      'ls | cat',
      'ls $x',
      '! ls',
      'ls &',
      'f() { ls; }; f',
      'ls; ls',
      'echo $(id)',
      '((x=1))',
    ])
      expect(`${line}: ${single(line)}`).toBe(`${line}: false`);
  });
});
