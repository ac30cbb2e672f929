/** Free space where the data dir is: below 100 MiB writes start failing (broken), below 1 GiB a warning. */
import { statfsSync } from 'node:fs';
import type { DoctorInput } from './input.js';
import type { DoctorCheck } from './types.js';

const MIB = 1024 * 1024;
export const DISK_FAIL_BYTES = 100 * MIB;
export const DISK_WARN_BYTES = 1024 * MIB;

function size(bytes: number): string {
  return bytes >= 1024 * MIB ? `${(bytes / 1024 / MIB).toFixed(1)} GiB` : `${Math.floor(bytes / MIB)} MiB`;
}

export function checkDisk({ ctx, t }: DoctorInput): DoctorCheck {
  try {
    const fs = statfsSync(ctx.paths.home);
    const free = fs.bavail * fs.bsize;
    if (free < DISK_FAIL_BYTES)
      return { id: 'disk', status: 'fail', summary: t.diskLow(size(free)), fix: t.diskFix };
    if (free < DISK_WARN_BYTES)
      return { id: 'disk', status: 'warn', summary: t.diskLow(size(free)), fix: t.diskFix };
    return { id: 'disk', status: 'ok', summary: t.diskOk(size(free)) };
  } catch (error) {
    return { id: 'disk', status: 'warn', summary: t.diskUnknown((error as Error).message) };
  }
}
