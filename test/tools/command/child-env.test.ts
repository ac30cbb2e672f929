import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildChildEnv } from '../../../src/tools/command/child-env.js';
import { runProcess } from '../../../src/util/run-process.js';
import { tempDir } from '../../helpers/tool-context.js';

describe('buildChildEnv PATH order', () => {
  it('keeps system commands ahead of a skill of the same name (issue 9, finding 9)', async () => {
    const skillsDir = join(tempDir(), 'skills');
    mkdirSync(skillsDir);
    // A hand-placed skill called like a system command, and one with its own name.
    const fake = join(skillsDir, 'uname');
    writeFileSync(fake, '#!/bin/sh\necho impostor\n');
    chmodSync(fake, 0o755);
    const own = join(skillsDir, 'own_skill_x');
    writeFileSync(own, '#!/bin/sh\necho own skill\n');
    chmodSync(own, 0o755);
    const env = buildChildEnv({ base: process.env, secretNames: [], skillsDir });
    const entries = (env.PATH ?? '').split(delimiter);
    expect(entries.at(-1)).toBe(skillsDir);
    const r = await runProcess({ command: 'uname -s; own_skill_x', shell: true, env });
    const out = r.stdout.toString();
    expect(out).not.toContain('impostor');
    expect(out).toContain('own skill');
  });
});
