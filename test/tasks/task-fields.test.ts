import { describe, expect, it } from 'vitest';
import { AppError, isAppError } from '../../src/errors.js';
import { MAX_TASK_RUN_TOKENS, MAX_WHEN_CHARS, taskFieldChecks } from '../../src/tasks/task-fields.js';

function refusal(run: () => unknown): { code: string; message: string } {
  try {
    run();
  } catch (error) {
    if (isAppError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

const targets = {
  check(target: string) {
    if (target !== 'telegram:42') throw new AppError('bad_notify', `not an allowed chat: ${target}`);
    return target;
  },
};

describe('task field checks', () => {
  it('notify: none is null; a chat is trimmed and checked; without chats, any chat is refused', () => {
    const checks = taskFieldChecks({ lang: 'en', notifyTargets: targets });
    for (const none of [undefined, null, '', '   ']) expect(checks.notify(none)).toBeNull();
    expect(checks.notify('  telegram:42 ')).toBe('telegram:42');
    expect(refusal(() => checks.notify('telegram:7')).code).toBe('bad_notify');
    expect(refusal(() => taskFieldChecks({ lang: 'en' }).notify('telegram:42'))).toEqual({
      code: 'bad_notify',
      message: 'Cannot post results to "telegram:42": this Aibox has no chat channels',
    });
  });

  it('when: trimmed, null for none, refused past its limit (in the asked language)', () => {
    const checks = taskFieldChecks({ lang: 'zh' });
    for (const none of [undefined, null, '', ' \n ']) expect(checks.when(none)).toBeNull();
    expect(checks.when('  test -f /tmp/x \n')).toBe('test -f /tmp/x');
    expect(checks.when('x'.repeat(MAX_WHEN_CHARS))).toHaveLength(MAX_WHEN_CHARS);
    const long = refusal(() => checks.when('x'.repeat(MAX_WHEN_CHARS + 1)));
    expect(long.code).toBe('bad_argument');
    expect(long.message).toContain('预检命令太长');
  });

  it('cap: null for the config, whole numbers in range kept, anything else refused', () => {
    const checks = taskFieldChecks({ lang: 'en' });
    expect(checks.cap(undefined)).toBeNull();
    expect(checks.cap(null)).toBeNull();
    for (const ok of [0, 1, MAX_TASK_RUN_TOKENS]) expect(checks.cap(ok)).toBe(ok);
    for (const bad of [-1, 1.5, MAX_TASK_RUN_TOKENS + 1, Number.NaN, Number.POSITIVE_INFINITY, '5', true, {}])
      expect(refusal(() => checks.cap(bad as number)).code, String(bad)).toBe('bad_argument');
  });
});
