/**
 * A sandboxed command can never write Aibox's own places, whatever the layout: with the workspace
 * configured as the user's home (`tools.workspace_dir: "~"`) it holds the data dir, which is then
 * bound back read-only (skills and prompts too), while the rest of the workspace stays writable.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataPaths } from '../../../src/config/paths.js';
import { SafetyConfigSchema } from '../../../src/config/schema.js';
import { createCommandGuard } from '../../../src/safety/command/command-guard.js';
import { probeBwrap } from '../../../src/safety/sandbox/sandbox-probe.js';
import { openSkillProvenance, PROVENANCE_FILE } from '../../../src/skills/provenance.js';
import { runProcess } from '../../../src/util/run-process.js';
import { tempDir } from '../../helpers/tool-context.js';

const bwrap = await probeBwrap(false, 'en');

describe.runIf(bwrap.kind === 'bwrap')("the sandbox and Aibox's own places", () => {
  it('a workspace holding the data dir: the data dir, skills and prompts stay read-only', async () => {
    const userHome = tempDir('aibox-wide-');
    const paths = dataPaths(join(userHome, '.aibox'));
    for (const dir of [paths.skills, paths.prompts]) mkdirSync(dir, { recursive: true });
    writeFileSync(join(paths.prompts, '00-soul.md'), 'be kind\n');
    await openSkillProvenance(paths.home).ensureFile();
    const guard = createCommandGuard({
      safety: SafetyConfigSchema.parse({}),
      paths,
      home: userHome,
      workspace: userHome,
      skills: { dir: paths.skills, get: () => undefined },
      provenance: { needsApproval: () => false, approve: async () => {} },
      sandbox: { kind: 'bwrap', network: false },
    });
    const attempts = [
      `echo x > ${join(paths.home, 'planted')}`,
      `echo x > ${join(paths.skills, 'planted')}`,
      `echo evil > ${join(paths.prompts, '00-soul.md')}`,
      `echo '{"skills":[]}' > ${join(paths.home, PROVENANCE_FILE)}`,
      `echo x > ${join(userHome, 'fine.txt')}`,
    ].join('; ');
    const spec = guard.spawnSpec(attempts, userHome, false);
    const run = await runProcess({ command: spec.command, args: spec.args, timeoutMs: 10_000 });
    expect(run.exitCode).not.toBeNull();
    expect(existsSync(join(paths.home, 'planted'))).toBe(false);
    expect(existsSync(join(paths.skills, 'planted'))).toBe(false);
    expect(readFileSync(join(paths.prompts, '00-soul.md'), 'utf8')).toBe('be kind\n');
    expect(readFileSync(join(paths.home, PROVENANCE_FILE), 'utf8')).toBe('{\n  "skills": []\n}\n');
    expect(readFileSync(join(userHome, 'fine.txt'), 'utf8')).toBe('x\n');
  });
});
