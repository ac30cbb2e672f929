/** The box's approval broker: an "Always" answer is saved into config.json on disk. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openApprovals } from '../../src/app/open-approvals.js';
import { defaultConfig } from '../../src/config/schema.js';
import { silentLogger } from '../../src/log/logger.js';
import { systemClock } from '../../src/util/clock.js';
import { tempHome } from '../helpers/cli.js';

describe('the approvals of a box', () => {
  it('save an "Always" answer as a rule in config.json', async () => {
    const configPath = join(tempHome('aibox-approvals-'), 'config.json');
    writeFileSync(configPath, '{}\n');
    const config = defaultConfig();
    const approvals = openApprovals({
      config: () => config,
      configPath,
      clock: systemClock,
      logger: silentLogger(),
    });
    const requested = new Promise<string>((resolve) => {
      approvals.attach('main', (event) => {
        if (event.type === 'requested') resolve(event.pending.approvalId);
      });
    });
    const outcome = approvals.ask(
      {
        sessionId: 'main',
        turnId: 'turn_1',
        callId: 'call_1',
        tool: 'run_command',
        command: '/usr/bin/ls /srv',
        reason: 'reads outside the workspace',
        rememberable: { decision: 'allow', tool: 'run_command', command: '/usr/bin/ls' },
      },
      new AbortController().signal,
    );
    expect(approvals.answer(await requested, 'always', 'alice').status).toBe('accepted');
    await expect(outcome).resolves.toMatchObject({ approved: true, how: 'always' });
    await expect
      .poll(() => JSON.parse(readFileSync(configPath, 'utf8')).safety?.rules)
      .toEqual([{ decision: 'allow', tool: 'run_command', command: '/usr/bin/ls' }]);
  });
});
