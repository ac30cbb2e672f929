/** Voice notes converted at once: a few run, a few wait, the rest are refused. */
import { describe, expect, it } from 'vitest';
import { createVoiceSlots } from '../../../src/media/voice/voice-slots.js';

describe('createVoiceSlots', () => {
  it('runs two at once, lets two wait, refuses the fifth, and takes the waiting ones as slots free', async () => {
    const slots = createVoiceSlots(2, 2);
    const started: number[] = [];
    const finish: (() => void)[] = [];
    const job = (n: number) => () =>
      new Promise<number>((resolve) => {
        started.push(n);
        finish[n] = () => resolve(n);
      });
    const runs = [1, 2, 3, 4].map((n) => slots.run(job(n)));
    expect(await slots.run(job(5))).toBeUndefined();
    await Promise.resolve();
    expect(started).toEqual([1, 2]);
    finish[1]?.();
    expect(await runs[0]).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([1, 2, 3]);
    finish[2]?.();
    finish[3]?.();
    await new Promise((resolve) => setImmediate(resolve));
    finish[4]?.();
    expect(await Promise.all(runs)).toEqual([1, 2, 3, 4]);
  });

  it('frees the slot of a job that failed', async () => {
    const slots = createVoiceSlots(1, 0);
    await expect(slots.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await slots.run(async () => 'next')).toBe('next');
  });
});
