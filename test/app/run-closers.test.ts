import { describe, expect, it } from 'vitest';
import { runClosers } from '../../src/app/run-closers.js';
import type { Logger } from '../../src/log/logger.js';

/** A logger that keeps each warning's message. */
function keepingLogger(warned: string[]): Logger {
  const logger: Logger = {
    level: 'warn',
    debug: () => {},
    info: () => {},
    warn: (_fields: object | string, msg?: string) => void warned.push(msg ?? ''),
    error: () => {},
    child: () => logger,
  };
  return logger;
}

describe('tearing down', () => {
  it('runs the steps in reverse order and goes on past a failing one', async () => {
    const ran: string[] = [];
    const warned: string[] = [];
    await runClosers(
      [
        () => void ran.push('database'),
        () => {
          throw new Error('stuck');
        },
        async () => void ran.push('sessions'),
      ],
      keepingLogger(warned),
    );
    expect(ran).toEqual(['sessions', 'database']);
    expect(warned).toEqual(['shutdown step failed']);
  });
});
