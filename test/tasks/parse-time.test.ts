import { describe, expect, it } from 'vitest';
import { isAppError } from '../../src/errors.js';
import { parseWhen } from '../../src/tasks/parse-time.js';

const now = new Date('2026-11-30T10:00:00Z'); // 18:00 in Shanghai
const opts = { now, timezone: 'Asia/Shanghai', lang: 'en' as const };
const at = (text: string) => parseWhen(text, opts).toISOString();

describe('parseWhen', () => {
  it('reads absolute and ISO times in the zone', () => {
    expect(at('2026-12-01 09:00')).toBe('2026-12-01T01:00:00.000Z');
    expect(at('2026-12-01T09:00:00Z')).toBe('2026-12-01T09:00:00.000Z');
    expect(at('2026/12/01 9:30pm')).toBe('2026-12-01T13:30:00.000Z');
  });
  it('reads relative times', () => {
    expect(at('+30m')).toBe('2026-11-30T10:30:00.000Z');
    expect(at('+2h')).toBe('2026-11-30T12:00:00.000Z');
    expect(at('+1d')).toBe('2026-12-01T10:00:00.000Z');
    expect(at('30分钟后')).toBe('2026-11-30T10:30:00.000Z');
    expect(at('in 2 hours')).toBe('2026-11-30T12:00:00.000Z');
  });
  it('reads day phrases in English and Chinese', () => {
    expect(at('tomorrow 9:00')).toBe('2026-12-01T01:00:00.000Z');
    expect(at('明天 9点')).toBe('2026-12-01T01:00:00.000Z');
    expect(at('明天上午9点半')).toBe('2026-12-01T01:30:00.000Z');
    expect(at('明天下午三点')).toBe('2026-12-01T07:00:00.000Z');
    expect(at('后天 18:00')).toBe('2026-12-02T10:00:00.000Z');
    expect(at('今天 23:59')).toBe('2026-11-30T15:59:00.000Z');
  });
  it('takes a bare clock time as the next such time', () => {
    expect(at('09:00')).toBe('2026-12-01T01:00:00.000Z'); // 09:00 today is past
    expect(at('21:00')).toBe('2026-11-30T13:00:00.000Z');
  });
  it('rejects garbage with a clear error instead of storing it', () => {
    for (const bad of ['garbage', '2026-02-30 10:00', '25:00', '', 'tomorrow at noonish']) {
      let error: unknown;
      try {
        parseWhen(bad, opts);
      } catch (e) {
        error = e;
      }
      expect(isAppError(error, 'bad_time'), bad).toBe(true);
      expect((error as Error).message).toContain('Cannot understand the time');
    }
  });
});
