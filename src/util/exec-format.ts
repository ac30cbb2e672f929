import { closeSync, openSync, readSync } from 'node:fs';

/** ELF e_machine of the running Node, per process.arch (absent: not checked). */
const ELF_MACHINES: Partial<Record<string, number[]>> = {
  x64: [62, 3],
  ia32: [3],
  arm64: [183, 40],
  arm: [40],
  riscv64: [243],
  ppc64: [21],
  s390x: [22],
  loong64: [258],
};

/**
 * Whether the kernel could execute this file directly: a `#!` script or an ELF binary for this
 * machine. Needed because libc's execvp (used by libuv) silently retries ENOEXEC files with /bin/sh,
 * which turns a binary for another machine into "line 1: ...: not found" instead of a clear error.
 * Returns false only when the file was read and is definitely not executable; unreadable → true
 * (spawn reports the real error).
 */
export function looksExecutable(path: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return true;
  }
  const head = Buffer.alloc(20);
  let n = 0;
  try {
    n = readSync(fd, head, 0, head.length, 0);
  } catch {
    return true;
  } finally {
    closeSync(fd);
  }
  if (n >= 2 && head[0] === 0x23 && head[1] === 0x21) return true; // "#!"
  if (n >= 4 && head.readUInt32BE(0) === 0x7f454c46) {
    if (n < 20) return false;
    const machine = head[5] === 2 ? head.readUInt16BE(18) : head.readUInt16LE(18);
    const accepted = ELF_MACHINES[process.arch];
    return accepted === undefined || accepted.includes(machine);
  }
  return false;
}
