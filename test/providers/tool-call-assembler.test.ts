import { describe, expect, it } from 'vitest';
import { ToolCallAssembler } from '../../src/providers/tool-call-assembler.js';

const ids = () => {
  let n = 0;
  return () => `gen_${++n}`;
};

describe('ToolCallAssembler', () => {
  it('groups interleaved deltas by index and keeps index order', () => {
    const a = new ToolCallAssembler();
    a.add({ index: 1, id: 'b', function: { name: 'two', arguments: '{"x"' } });
    a.add({ index: 0, id: 'a', function: { name: 'one', arguments: '' } });
    a.add({ index: 1, function: { arguments: ':1}' } });
    a.add({ index: 0, function: { arguments: '{}' } });
    expect(a.finish(ids())).toEqual([
      { id: 'a', type: 'function', function: { name: 'one', arguments: '{}' } },
      { id: 'b', type: 'function', function: { name: 'two', arguments: '{"x":1}' } },
    ]);
  });

  it('handles servers that omit index (by id, else the last call) or the id', () => {
    const a = new ToolCallAssembler();
    a.add({ id: 'a', function: { name: 'one', arguments: '{"p":' } });
    a.add({ function: { arguments: '2}' } });
    a.add({ id: 'b', function: { name: 'two', arguments: '{}' } });
    a.add({ index: 5, function: { name: 'three', arguments: '{}' } });
    expect(a.finish(ids()).map((c) => [c.id, c.function.name, c.function.arguments])).toEqual([
      ['a', 'one', '{"p":2}'],
      ['b', 'two', '{}'],
      ['gen_1', 'three', '{}'],
    ]);
  });
});

describe('ToolCallAssembler: reused indexes and object arguments', () => {
  it('a new id at an index whose call is complete starts a new call; an incomplete one continues', () => {
    const a = new ToolCallAssembler();
    a.add({ index: 0, id: 'a', function: { name: 'one', arguments: '{"x":1}' } });
    a.add({ index: 0, id: 'b', function: { name: 'two', arguments: '{"y":' } });
    a.add({ index: 0, id: 'c', function: { arguments: '2}' } }); // b is not complete yet: continues b
    a.add({ index: 0, function: { arguments: '' } });
    expect(a.finish(ids()).map((c) => [c.id, c.function.name, c.function.arguments])).toEqual([
      ['a', 'one', '{"x":1}'],
      ['b', 'two', '{"y":2}'],
    ]);
  });

  it('arguments sent as an object are encoded as JSON', () => {
    const a = new ToolCallAssembler();
    a.add({ index: 0, id: 'a', function: { name: 'one', arguments: { path: 'x', n: 2 } } });
    expect(a.finish(ids())[0]?.function.arguments).toBe('{"path":"x","n":2}');
  });
});
