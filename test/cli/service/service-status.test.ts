/** Reading `systemctl show` and `launchctl print` into uptime, restarts and the last error. */
import { describe, expect, it } from 'vitest';
import { parseLaunchctlPrint, parseSystemctlShow } from '../../../src/cli/service/service-status.js';

describe('service status', () => {
  it('a running systemd unit: pid, uptime from ActiveEnterTimestamp, restarts; a failed one: result and journal line', () => {
    const running = [
      'MainPID=4242',
      'LoadState=loaded',
      'ActiveState=active',
      'SubState=running',
      'Result=success',
      'NRestarts=2',
      'ExecMainStatus=0',
      'ActiveEnterTimestamp=Fri 2026-12-04 18:00:00 UTC',
    ].join('\n');
    expect(parseSystemctlShow(running, new Date('2026-12-04T19:02:03Z'))).toEqual({
      installed: true,
      state: 'active (running)',
      running: true,
      pid: 4242,
      uptimeS: 3723,
      restarts: 2,
    });
    const failed = [
      'MainPID=0',
      'LoadState=loaded',
      'ActiveState=failed',
      'SubState=failed',
      'Result=exit-code',
      'NRestarts=5',
      'ExecMainStatus=1',
      'ActiveEnterTimestamp=',
    ].join('\n');
    expect(parseSystemctlShow(failed, new Date(), 'Error: listen EADDRINUSE 127.0.0.1:8765\n')).toEqual({
      installed: true,
      state: 'failed (failed)',
      running: false,
      restarts: 5,
      lastError: 'exit-code (exit status 1): Error: listen EADDRINUSE 127.0.0.1:8765',
    });
    expect(
      parseSystemctlShow('LoadState=not-found\nActiveState=inactive\nSubState=dead', new Date()),
    ).toMatchObject({
      installed: false,
      running: false,
      state: 'inactive (dead)',
    });
  });

  it('launchd: state, pid, runs as restarts, a non-zero last exit code', () => {
    const text = [
      'gui/501/io.aibox.serve = {',
      '\tactive count = 1',
      '\tpath = /Users/me/Library/LaunchAgents/io.aibox.serve.plist',
      '\tstate = running',
      '\tprogram = /opt/homebrew/bin/node',
      '\truns = 3',
      '\tpid = 777',
      '\tlast exit code = 1',
      '}',
    ].join('\n');
    expect(parseLaunchctlPrint(text)).toEqual({
      installed: true,
      state: 'running',
      running: true,
      pid: 777,
      restarts: 2,
      lastError: 'last exit code 1',
    });
    expect(parseLaunchctlPrint(undefined)).toEqual({ installed: false, state: 'not loaded', running: false });
  });
});
