import { describe, expect, it } from 'vitest';
import { createCalculatorTool } from '../../../src/tools/calculator/calculator.js';
import { createGetCurrentTimeTool } from '../../../src/tools/time/get-current-time.js';
import { makeContext } from '../../helpers/tool-context.js';

describe('calculator', () => {
  const tool = createCalculatorTool({ lang: 'en' });
  const calc = (args: Record<string, unknown>, lang: 'en' | 'zh' = 'en') =>
    tool.execute(tool.parameters.parse(args), makeContext({ lang }));

  it('evaluates expressions, units and matrices', async () => {
    expect((await calc({ expression: '2^10 / 4' })).content).toContain('result: 256');
    expect((await calc({ expression: '0.1 + 0.2' })).content).toContain('result: 0.3');
    expect((await calc({ expression: 'sqrt(2) * sin(pi / 4)' })).content).toContain('result: 1');
    expect((await calc({ expression: '5 cm to inch' })).content).toContain('result: 1.9685039370079 inch');
    expect((await calc({ expression: 'det([1,2;3,4])' })).content).toContain('result: -2');
  });

  it('accepts the original {a, b, operation} form and explains division by zero', async () => {
    expect((await calc({ a: 6, b: 7, operation: 'multiply' })).content).toContain('result: 42');
    const zero = await calc({ a: 1, b: 0, operation: 'divide' }, 'zh');
    expect(zero.ok).toBe(false);
    expect(zero.content).toContain('除数不能为 0');
    const expr = await calc({ expression: '1/0' });
    expect(expr.ok).toBe(false);
    expect(expr.content).toContain('not a finite number (Infinity); probably a division by zero');
    expect((await calc({})).content).toContain('Give an expression');
  });

  it('blocks import, evaluate, parse, createUnit and friends inside expressions', async () => {
    for (const [expression, name] of [
      ['import({x: 1})', 'import'],
      ['evaluate("1+1")', 'evaluate'],
      ['parse("1")', 'parse'],
      ['createUnit("foo")', 'createUnit'],
      ['simplify("x+x")', 'simplify'],
      ['derivative("x^2", "x")', 'derivative'],
    ] as const) {
      const result = await calc({ expression });
      expect(result.ok, expression).toBe(false);
      expect(result.content).toContain(`the function ${name} cannot be used`);
    }
    // Nothing leaks from one call to the next.
    await calc({ expression: 'secretVar = 41' });
    expect((await calc({ expression: 'secretVar + 1' })).content).toContain('Undefined symbol secretVar');
  });

  it('refuses to allocate huge matrices and ranges, and still does normal matrix work', async () => {
    for (const expression of [
      'ones(100000, 100000)',
      'zeros([50000, 50000])',
      'identity(1e7)',
      '1:1e9',
      'range(0, 1, 1e-9)',
    ]) {
      const result = await calc({ expression });
      expect(result.ok, expression).toBe(false);
      expect(result.content).toContain('would create too many elements (at most 1000000)');
    }
    expect((await calc({ expression: 'sum(ones(3, 3))' })).content).toContain('result: 9');
    expect((await calc({ expression: 'inv([1,2;3,4])' })).content).toContain(
      'result: [[-2, 1], [1.5, -0.5]]',
    );
    expect((await calc({ expression: 'sum(1:100)' })).content).toContain('result: 5050');
  });

  it('caps the input length and reports syntax errors', async () => {
    const long = await calc({ expression: `1${'+1'.repeat(300)}` });
    expect(long.ok).toBe(false);
    expect(long.content).toContain('Expression too long (601 chars, at most 500)');
    const bad = await calc({ expression: '2 +* 3' });
    expect(bad.ok).toBe(false);
    expect(bad.content).toContain('Invalid expression');
  });
});

describe('get_current_time', () => {
  const fixed = new Date('2026-11-30T23:30:00Z'); // a Monday in UTC, Tuesday in Shanghai
  const tool = createGetCurrentTimeTool({ lang: 'en', clock: { now: () => fixed }, timeZone: 'UTC' });
  const time = (args: Record<string, unknown>, lang: 'en' | 'zh' = 'en') =>
    tool.execute(tool.parameters.parse(args), makeContext({ lang }));

  it('uses the configured zone by default, with the weekday', async () => {
    const result = await time({});
    expect(result.content).toContain('Monday, November 30, 2026');
    expect(result.content).toContain('23:30:00');
    expect(result.content).toContain('UTC (UTC+00:00)');
  });

  it('converts to another IANA zone, in zh, in every format', async () => {
    const full = await time({ timezone: 'Asia/Shanghai' }, 'zh');
    expect(full.content).toContain('2026年12月1日星期二');
    expect(full.content).toContain('07:30:00');
    expect(full.content).toContain('Asia/Shanghai (UTC+08:00)');
    expect((await time({ timezone: 'America/New_York', format: 'iso' })).content).toContain(
      '2026-11-30T18:30:00-05:00',
    );
    expect((await time({ timezone: 'Asia/Kolkata', format: 'time' })).content).toContain('05:00:00');
    expect((await time({ timezone: 'Asia/Tokyo', format: 'date' })).content).toContain(
      'Tuesday, December 1, 2026',
    );
  });

  it('rejects an unknown zone clearly', async () => {
    const result = await time({ timezone: 'Mars/Olympus' });
    expect(result.ok).toBe(false);
    expect(result.content).toContain('Unknown time zone: Mars/Olympus');
  });
});
