// Quick check of the warm-reload path alone: N Bash skills, then repeated reloads with no change.
// `node bench/skills-reload.mjs [N]` (after a build).
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSkillRegistry } from '../dist/skills/registry.js';

const n = Number(process.argv[2] ?? 500);
const dir = mkdtempSync(join(tmpdir(), 'aibox-reload-'));
for (let i = 0; i < n; i += 1) {
  const path = join(dir, `s${i}`);
  writeFileSync(path, `#!/bin/sh\necho "Skill number ${i}"\n`);
  chmodSync(path, 0o755);
}
const registry = await createSkillRegistry({ dir });
const times = [];
for (let i = 0; i < 20; i += 1) {
  const t = performance.now();
  await registry.reload();
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
console.log(
  `${n} skills: warm reload median ${times[10].toFixed(1)} ms, max ${times[19].toFixed(1)} ms, probes ${registry.stats().probesSpawned} (all at cold load)`,
);
await registry.close();
rmSync(dir, { recursive: true, force: true });
