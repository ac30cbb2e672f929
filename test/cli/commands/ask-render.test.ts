import { describe, expect, it } from 'vitest';
import { createAskRenderer } from '../../../src/cli/commands/ask-render.js';

function capture() {
  const out = { stdout: '', stderr: '' };
  const streams = {
    stdout: { write: (text: string) => (out.stdout += text) },
    stderr: { write: (text: string) => (out.stderr += text) },
  };
  return { out, streams };
}

describe('ask renderer', () => {
  it('keeps the answer on stdout and tool activity on stderr, on their own lines', () => {
    const { out, streams } = capture();
    const r = createAskRenderer('en', streams);
    const base = { session: 'cli', turnId: 't' } as const;
    r.listener({ ...base, type: 'text_delta', text: 'Let me look' });
    r.listener({ ...base, type: 'tool_start', callId: 'c', name: 'run_command', args: { command: 'ls' } });
    r.listener({ ...base, type: 'tool_output', callId: 'c', stream: 'stdout', text: 'a.txt' });
    r.listener({
      ...base,
      type: 'tool_end',
      callId: 'c',
      name: 'run_command',
      ok: false,
      content: '\n❌ exit 2\nmore',
      durationMs: 12.4,
    });
    r.listener({ ...base, type: 'text_delta', text: 'Done.' });
    r.finish();
    expect(out.stdout).toBe('Let me look\nDone.\n');
    expect(out.stderr).toBe('▶ run_command {"command":"ls"}\na.txt\n✗ run_command (12 ms): ❌ exit 2\n');
  });

  it('prints errors on stderr', () => {
    const { out, streams } = capture();
    const r = createAskRenderer('zh', streams);
    r.listener({
      session: 'cli',
      turnId: 't',
      type: 'error',
      code: 'llm_unavailable',
      message: '请设置 KEY',
    });
    expect(out).toEqual({ stdout: '', stderr: '错误 [llm_unavailable]: 请设置 KEY\n' });
  });
});
