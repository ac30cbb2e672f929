/** The notifications one served tool call sends: level filter, the cap on log lines, progress coalesced with beats. */
import type { ServerNotification } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCallReporter, MAX_LOG_LINES } from '../../src/mcp-server/call-reporter.js';

afterEach(() => {
  vi.useRealTimers();
});

function reporter(progressToken: string | undefined, level?: 'warning') {
  const sent: ServerNotification[] = [];
  const r = createCallReporter({
    progressToken,
    logLevel: level ? { level } : {},
    send: async (n) => {
      sent.push(n);
    },
    heartbeatMs: 1000,
  });
  const of = (method: string) =>
    sent.filter((n) => n.method === method).map((n) => n.params as Record<string, unknown>);
  return { r, of };
}

describe('call reporter', () => {
  it('sends log lines at or above the level the client set, and no progress without a token', () => {
    const { r, of } = reporter(undefined, 'warning');
    r.say('info', 'quiet');
    r.say('warning', 'loud\n');
    r.end();
    expect(of('notifications/message')).toEqual([{ level: 'warning', logger: 'aibox', data: 'loud' }]);
    expect(of('notifications/progress')).toEqual([]);
  });

  it('stops logging after the cap with one "…" line, and cuts long lines', () => {
    const { r, of } = reporter(undefined);
    r.say('info', 'x'.repeat(5000));
    for (let i = 0; i < MAX_LOG_LINES + 50; i += 1) r.say('info', `line ${i}`);
    const logs = of('notifications/message');
    expect(logs).toHaveLength(MAX_LOG_LINES + 1);
    expect(String(logs[0]?.data).length).toBe(1001);
    expect(logs.at(-1)?.data).toBe('…');
  });

  it('coalesces progress, beats while nothing happens, and sends the last held line at the end', () => {
    vi.useFakeTimers();
    const { r, of } = reporter('tok');
    for (let i = 1; i <= 1000; i += 1) r.say('info', `step ${i}`);
    expect(of('notifications/progress').map((p) => p.message)).toEqual(['step 1']);
    vi.advanceTimersByTime(300);
    expect(of('notifications/progress').map((p) => p.message)).toEqual(['step 1', 'step 1000']);
    vi.advanceTimersByTime(1000);
    expect(of('notifications/progress').at(-1)).toMatchObject({
      progressToken: 'tok',
      progress: 3,
      message: '…',
    });
    r.say('info', 'last');
    r.end();
    vi.advanceTimersByTime(5000);
    const all = of('notifications/progress');
    expect(all.at(-1)?.message).toBe('last');
    expect(all.map((p) => p.progress)).toEqual([...all.keys()].map((k) => k + 1));
  });
});
