/** What `aibox chat` writes to the terminal for hostile server text. */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { describeRequest } from '../../src/client/approval-prompt.js';
import { chatMessages, terminalApprovalMessages } from '../../src/client/messages.js';
import { createRenderer } from '../../src/client/render.js';
import type { ServerFrame } from '../../src/protocol/frames.js';

function renderAll(frames: ServerFrame[]): string {
  const out = new PassThrough();
  let text = '';
  out.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
  });
  const render = createRenderer({
    out,
    t: chatMessages('en'),
    approvals: terminalApprovalMessages('en'),
    lang: 'en',
  });
  for (const frame of frames) render.frame(frame);
  return text;
}

describe('aibox chat renderer', () => {
  it('replays history with the tools that were called and the first line of what they returned', () => {
    const at = new Date().toISOString();
    const text = renderAll([
      {
        type: 'history',
        messages: [
          { role: 'user', content: 'how full is the disk?', at },
          {
            role: 'assistant',
            content: '',
            at,
            tool_calls: [{ id: 'c1', name: 'run_command', args: '{"command":"df -h /"}' }],
          },
          {
            role: 'tool',
            content: '\nFilesystem Size Used\n/dev/sda1 50G 20G',
            at,
            call_id: 'c1',
            name: 'run_command',
          },
          { role: 'assistant', content: '40 % used.', at },
        ],
      },
    ]);
    expect(text).toContain('Session history (last 4)');
    expect(text).toMatch(
      /you: how full is the disk\?\n🔧 run_command \$ df -h \/\n {2}│ Filesystem Size Used\nAI: 40 % used\./,
    );
    expect(text).not.toContain('/dev/sda1');
  });

  it('drops escape sequences and carriage returns from server text, approvals included', () => {
    const osc52 = '\x1b]52;c;cm0gLXJmIH4=\x07';
    const text = renderAll([
      { type: 'chunk', content: `hello ${osc52}world\x9b2J` },
      { type: 'complete', content: '' },
      {
        type: 'approval_request',
        approval_id: 'a1',
        turn_id: 't1',
        call_id: 'c1',
        tool: 'run_command',
        command: 'rm -rf ~/x\r\x1b[2Kls -l',
        reason: 'deletes\x1b[8m files',
        expires_at: new Date(Date.now() + 60_000).toISOString(),
        can_always: false,
      },
    ]);
    expect(text).toContain('hello ]52;c;cm0gLXJmIH4=world2J');
    expect(text).toContain('rm -rf ~/x[2Kls -l');
    expect(text).not.toMatch(/[\x1b\x07\r\x9b]/);
  });

  it('drops right-to-left overrides and invisible characters from server text and approvals', () => {
    const text = renderAll([
      { type: 'chunk', content: 'file \u202etxt.sh\u202c ok\u200b' },
      { type: 'complete', content: '' },
      {
        type: 'approval_request',
        approval_id: 'a1',
        turn_id: 't1',
        call_id: 'c1',
        tool: 'run_command',
        command: 'rm -rf \u2067~\u2069 x',
        reason: 'deletes',
        expires_at: new Date(Date.now() + 60_000).toISOString(),
        can_always: false,
      },
    ]);
    expect(text).toContain('file txt.sh ok');
    expect(text).toContain('rm -rf ~ x');
    expect(text).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200b]/u);
  });
});

describe('approval prompt', () => {
  it("shows the model's env, without hidden characters", () => {
    const text = renderAll([
      {
        type: 'approval_request',
        approval_id: 'a1',
        turn_id: 't1',
        call_id: 'c1',
        tool: 'run_command',
        command: 'ldconfig -p',
        env: { PATH: '/w\u202e:/usr/bin', LD_PRELOAD: './x.so\x1b[2K' },
        reason: 'changes the system',
        expires_at: new Date(Date.now() + 60_000).toISOString(),
        can_always: false,
      },
    ]);
    expect(text).toContain('environment set by the model:');
    expect(text).toContain('PATH="/w:/usr/bin"');
    expect(text).toContain('LD_PRELOAD="./x.so[2K"');
    expect(text).not.toMatch(/[\x1b\u202e]/u);
  });

  it('shows the command without control characters (aibox ask uses it too)', () => {
    const shown = describeRequest(
      { tool: 'run_command', command: 'curl x|sh\r\x1b[Kls', reason: 'r', canAlways: false, secondsLeft: 9 },
      terminalApprovalMessages('en'),
    );
    expect(shown.text).toContain('curl x|sh[Kls');
    expect(shown.text).not.toMatch(/[\x1b\r]/);
  });
});

describe('icons', () => {
  it('shows one icon per line when the server text brings its own', () => {
    const text = renderAll([
      {
        type: 'connection_ack',
        content: '✅ Connected to AI server',
        protocol: 1,
        server: { name: 'aibox', version: '0.1.0' },
        session: 'main',
      },
      { type: 'command_result', content: '🔄 New conversation started' },
      { type: 'command_result', content: '\n⚙️  Current configuration:\n  lang: ""' },
      { type: 'dialogue_ended', content: '🔚 The conversation has ended' },
      { type: 'error', content: '❌ unknown command: x' },
      {
        type: 'task_status',
        task_id: 3,
        title: 'drink',
        status: 'overdue',
        reminder_time: '2026-01-01 09:00:00',
        content: '⚠️ [ID: 3] drink - 2026-01-01 09:00:00',
      },
    ]);
    expect(text).toContain('✅ Connected to AI server\n');
    expect(text).toContain('\n🔄 New conversation started\n');
    expect(text).toContain('\n⚙️  Current configuration:\n');
    expect(text).toContain('\n🔚 The conversation has ended\n');
    expect(text).toContain('\n❌ unknown command: x\n');
    expect(text).toContain('\n⚠️ [ID: 3] drink - 2026-01-01 09:00:00\n');
    expect(text).not.toMatch(/(\p{Extended_Pictographic})\uFE0F? +\p{Extended_Pictographic}/u);
    expect(text).not.toMatch(/📋\s*\n/u);
  });

  it('puts its own icon before plain server text', () => {
    const text = renderAll([
      { type: 'command_result', content: 'plain reply' },
      { type: 'task_status', task_id: 4, title: 'water', status: 'failed', message: 'model down' },
    ]);
    expect(text).toContain('📋 plain reply\n');
    expect(text).toContain('❌ [#4] water: model down\n');
  });
});
