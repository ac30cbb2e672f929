/** `aibox chat` shows an approval request and answers it from its input (presenting the box's client key). */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_PATH, watchOutput } from '../helpers/cli.js';
import { outsideDir } from '../integration/approval-box.js';
import { type Box, startBox } from '../server/harness.js';

describe('aibox chat and approvals', () => {
  let box: Box;
  beforeAll(async () => {
    box = await startBox({ config: { safety: { approval_timeout_s: 60 } } });
  });
  afterAll(async () => {
    await box?.close();
  });

  it('prompts [y]es once / [a]lways / [n]o; n denies, y allows', async () => {
    const outside = outsideDir();
    const write = (name: string) => ({
      toolCalls: [{ name: 'write_file', arguments: { filepath: join(outside, name), content: 'hi' } }],
    });
    box.llm.script(write('no.txt'), { text: 'not written' }, write('yes.txt'), { text: 'written' });
    // AIBOX_HOME is the box's: aibox chat presents its client key, without which it could not answer.
    const child = spawn(process.execPath, [CLI_PATH, 'chat', box.wsUrl], {
      env: { ...process.env, AIBOX_LANG: 'en', AIBOX_HOME: box.home },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const { seen, exited, text } = watchOutput(child);
    await seen('Connected to AI server');
    child.stdin.write('first\n');
    await seen('[y]es once / [a]lways / [n]o');
    expect(text()).toContain(`$ write_file ${join(outside, 'no.txt')}`);
    expect(text()).toContain('outside the workspace');
    child.stdin.write('n\n');
    await seen('❌ denied');
    await seen('AI: not written');
    child.stdin.write('second\n');
    await seen(`$ write_file ${join(outside, 'yes.txt')}`);
    child.stdin.write('y\n');
    await seen('✅ allowed once');
    await seen('AI: written');
    child.stdin.end();
    expect(await exited).toBe(0);
    expect(existsSync(join(outside, 'no.txt'))).toBe(false);
    expect(readFileSync(join(outside, 'yes.txt'), 'utf8')).toBe('hi');
  }, 60_000);
});
