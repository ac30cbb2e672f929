import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import type { SkillEngine } from '../../src/skills/registry.js';

export function tempDir(prefix = 'aibox-skills-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** Writes a file; mode 0o755 makes it executable. */
export function put(dir: string, name: string, body: string | Buffer, mode = 0o644): string {
  const path = join(dir, name);
  writeFileSync(path, body);
  chmodSync(path, mode);
  return path;
}

/** A bash skill whose --help prints `lines` to stdout. */
export function bashSkill(dir: string, name: string, ...lines: string[]): string {
  const body = `#!/bin/bash\nif [ "$1" = "--help" ]; then\n${lines.map((l) => `  echo '${l}'`).join('\n')}\n  exit 0\nfi\necho run\n`;
  return put(dir, name, body, 0o755);
}

export function script(dir: string, name: string, body: string): string {
  return put(dir, name, body, 0o755);
}

/** A list for the registries a test file starts: each is closed (its cache writes awaited) after each test. */
export function registriesClosedAfterEach(): SkillEngine[] {
  const open: SkillEngine[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((r) => r.close()));
  });
  return open;
}
