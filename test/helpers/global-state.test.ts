/**
 * The leak guard's snapshot and diff (`global-state.ts`) see each kind of leak with real state:
 * env, cwd, exit code, listeners, a listening server, a child process, an open SQLite database,
 * fake timers; and a
 * resource declared as kept for the worker is not reported.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureGlobalState, diffGlobalState, stateAdded } from './global-state.js';

const VAR = 'AIBOX_TEST_LEAK_GUARD_PROBE';
const capture = () => captureGlobalState(vi.isFakeTimers());
const noop = () => {};

describe('the leak guard diff', () => {
  afterEach(() => {
    delete process.env[VAR];
    process.off('SIGTERM', noop);
    process.off('warning', noop);
    vi.useRealTimers();
  });

  it('sees nothing when nothing changed', () => {
    expect(diffGlobalState(capture(), capture())).toEqual([]);
  });

  it('names env variables set, changed and deleted', () => {
    const before = capture();
    process.env[VAR] = 'x';
    expect(diffGlobalState(before, capture())).toEqual([`process.env.${VAR} was set (to "x")`]);
    const withVar = capture();
    process.env[VAR] = 'y';
    expect(diffGlobalState(withVar, capture())).toEqual([`process.env.${VAR} changed from "x" to "y"`]);
    delete process.env[VAR];
    expect(diffGlobalState(withVar, capture())).toEqual([`process.env.${VAR} was deleted (was "x")`]);
  });

  it('names a changed cwd and exit code', () => {
    const before = capture();
    const cwd = process.cwd();
    const exitCode = process.exitCode;
    process.chdir(tmpdir());
    process.exitCode = 3;
    try {
      const lines = diffGlobalState(before, capture());
      expect(lines).toContain(`the working directory changed from ${cwd} to ${process.cwd()}`);
      expect(lines).toContain(`process.exitCode changed from ${String(exitCode)} to 3`);
    } finally {
      process.chdir(cwd);
      process.exitCode = exitCode;
    }
  });

  it('counts process listeners added and removed', () => {
    const before = capture();
    process.on('SIGTERM', noop);
    process.on('warning', noop);
    expect(diffGlobalState(before, capture())).toEqual([
      "1 more process 'SIGTERM' listener(s)",
      "1 more process 'warning' listener(s)",
    ]);
    const withListeners = capture();
    process.off('warning', noop);
    expect(diffGlobalState(withListeners, capture())).toEqual(["1 process 'warning' listener(s) removed"]);
  });

  it('sees a server left listening, and nothing once it is closed', async () => {
    const before = capture();
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      expect(diffGlobalState(before, capture())).toEqual([
        '1 more active TCPServerWrap (server, socket, pipe, child process or watcher left open)',
      ]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    // The closed handle leaves the active resources an event-loop turn or two later.
    await expect.poll(() => diffGlobalState(before, capture()), { interval: 10 }).toEqual([]);
  });

  it('sees a child process still running; a kept one is allowed', async () => {
    const before = capture();
    const child = spawn('sleep', ['30'], { stdio: 'ignore' });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      const after = capture();
      expect(diffGlobalState(before, after)).toContain(
        '1 more active ProcessWrap (server, socket, pipe, child process or watcher left open)',
      );
      expect(diffGlobalState(before, after, stateAdded(before, after))).toEqual([]);
    } finally {
      child.kill();
      await exited;
    }
  });

  it('sees a SQLite database left open, and nothing once it is closed', () => {
    const before = capture();
    const file = join(mkdtempSync(join(tmpdir(), 'aibox-guard-')), 'left-open.db');
    const db = new Database(file);
    try {
      expect(diffGlobalState(before, capture())).toEqual([
        `SQLite database ${file} left open (close it, e.g. app.close() or db.close())`,
      ]);
    } finally {
      db.close();
    }
    expect(diffGlobalState(before, capture())).toEqual([]);
  });

  it('sees fake timers left installed', () => {
    const before = capture();
    vi.useFakeTimers();
    expect(diffGlobalState(before, capture())).toEqual([
      'fake timers are still installed (vi.useRealTimers())',
    ]);
  });
});
