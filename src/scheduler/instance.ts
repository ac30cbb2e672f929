/**
 * Scheduler instance ids `<host>:<pid>:<random>`. A run left queued/running by
 * an instance whose process is gone (same host) was interrupted by a crash.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

export function newInstanceId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

export function isInstanceAlive(instance: string): boolean {
  const [host, pidText] = instance.split(':');
  const pid = Number(pidText);
  if (host !== hostname() || !Number.isInteger(pid) || pid <= 0) return true; // cannot tell: assume alive
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
