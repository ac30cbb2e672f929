import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runProcess } from '../../src/util/run-process.js';
import { isRunning } from '../helpers/processes.js';

const dir = mkdtempSync(join(tmpdir(), 'aibox-run-'));

function script(name: string, body: string): string {
  const path = join(dir, name);
  writeFileSync(path, body);
  chmodSync(path, 0o755);
  return path;
}

describe('runProcess', () => {
  it('captures stdout, stderr and the exit code', async () => {
    const r = await runProcess({ command: 'echo out; echo err >&2; exit 3', shell: true });
    expect(r.stdout.toString()).toBe('out\n');
    expect(r.stderr.toString()).toBe('err\n');
    expect(r.exitCode).toBe(3);
    expect(r.signal).toBeNull();
    expect(r.timedOut).toBe(false);
    expect(r.spawnError).toBeUndefined();
  });

  it('runs argv without a shell', async () => {
    const r = await runProcess({ command: '/bin/echo', args: ['a;b', '$HOME'] });
    expect(r.stdout.toString()).toBe('a;b $HOME\n');
  });

  it('passes exactly the given env and cwd', async () => {
    const r = await runProcess({
      command: 'echo "$ONLY:$PWD"; env | wc -l',
      shell: true,
      env: { ONLY: 'x' },
      cwd: dir,
    });
    const [first] = r.stdout.toString().split('\n');
    expect(first).toBe(`x:${dir}`);
  });

  it('caps kept output but counts every byte', async () => {
    const r = await runProcess({ command: 'head -c 100000 /dev/zero', shell: true, maxOutputBytes: 1000 });
    expect(r.stdout.length).toBe(1000);
    expect(r.stdoutBytes).toBe(100000);
    expect(r.stdoutTruncated).toBe(true);
    expect(r.stderrTruncated).toBe(false);
  });

  it('on timeout kills the whole process group, grandchildren included', async () => {
    const pidFile = join(dir, 'grandchild.pid');
    const path = script('forker.sh', `#!/bin/sh\nsleep 30 &\necho $! > ${pidFile}\necho started\nwait\n`);
    const r = await runProcess({ command: path, timeoutMs: 300, killGraceMs: 200 });
    expect(r.timedOut).toBe(true);
    expect(r.stdout.toString()).toBe('started\n');
    const grandchild = Number(readFileSync(pidFile, 'utf8'));
    expect(grandchild).toBeGreaterThan(0);
    await expect.poll(() => isRunning(grandchild), { timeout: 5000 }).toBe(false);
  });

  it('SIGKILLs a child that ignores SIGTERM after the grace period', async () => {
    const path = script('stubborn.sh', `#!/bin/sh\ntrap '' TERM\necho ready\nwhile :; do sleep 0.05; done\n`);
    const r = await runProcess({ command: path, timeoutMs: 200, killGraceMs: 200 });
    expect(r.timedOut).toBe(true);
    expect(r.signal).toBe('SIGKILL');
  });

  it('does not hang when a background descendant keeps the pipe open after the child exits', async () => {
    const r = await runProcess({ command: 'sleep 30 & echo bye', shell: true, timeoutMs: 300 });
    expect(r.exitCode).toBe(0);
    expect(r.stdout.toString()).toBe('bye\n');
  });

  it('stops on abort', async () => {
    const controller = new AbortController();
    const pending = runProcess({
      command: 'echo go; sleep 30',
      shell: true,
      signal: controller.signal,
      onOutput: () => controller.abort(),
    });
    const r = await pending;
    expect(r.aborted).toBe(true);
    expect(r.timedOut).toBe(false);
    expect(r.signal).toBe('SIGTERM');
  });

  it('reports a missing program as ENOENT', async () => {
    const r = await runProcess({ command: join(dir, 'does-not-exist') });
    expect(r.spawnError?.code).toBe('ENOENT');
    expect(r.exitCode).toBeNull();
  });

  it('never rejects, even when spawn throws synchronously', async () => {
    const r = await runProcess({ command: '/bin/echo', args: ['a\0b'] });
    expect(r.spawnError?.code).toBeTruthy();
  });

  it('reports a bad interpreter', async () => {
    const path = script('badinterp', '#!/nonexistent/python9\nprint(1)\n');
    const r = await runProcess({ command: path });
    expect(r.spawnError?.code).toBe('ENOENT');
  });

  it('reports a text file without #! as ENOEXEC instead of running it with sh', async () => {
    const path = script('noshebang', 'echo should-not-run\n');
    const r = await runProcess({ command: path });
    expect(r.spawnError?.code).toBe('ENOEXEC');
    expect(r.stdout.length).toBe(0);
  });

  it('reports a file that is not executable format as ENOEXEC', async () => {
    const path = join(dir, 'garbage');
    writeFileSync(path, Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9]));
    chmodSync(path, 0o755);
    const r = await runProcess({ command: path });
    expect(r.spawnError?.code).toBe('ENOEXEC');
  });

  it('reports a file without the run bit as EACCES', async () => {
    const path = join(dir, 'noexec');
    writeFileSync(path, '#!/bin/sh\necho hi\n');
    chmodSync(path, 0o644);
    const r = await runProcess({ command: path });
    expect(r.spawnError?.code).toBe('EACCES');
  });

  it('streams live output decoded as UTF-8 across chunk boundaries', async () => {
    const seen: string[] = [];
    // 你 is e4 bd a0: split it across two writes.
    const r = await runProcess({
      command: "printf '\\344\\275'; sleep 0.05; printf '\\240好\\n'; echo e >&2",
      shell: true,
      onOutput: (stream, text) => seen.push(`${stream}:${text}`),
    });
    expect(r.stdout.toString()).toBe('你好\n');
    const stdoutText = seen
      .filter((s) => s.startsWith('stdout:'))
      .map((s) => s.slice(7))
      .join('');
    expect(stdoutText).toBe('你好\n');
    expect(seen.some((s) => s.includes('\uFFFD'))).toBe(false);
    expect(seen).toContain('stderr:e\n');
  });
});
