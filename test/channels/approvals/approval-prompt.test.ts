import { describe, expect, it } from 'vitest';
import {
  approvalButtons,
  approvalText,
  parseApprovalData,
} from '../../../src/channels/approvals/approval-prompt.js';
import { channelMessages } from '../../../src/channels/messages.js';
import type { ApprovalRequest } from '../../../src/safety/types.js';
import { approvalRequestFrame } from '../../../src/server/approval-frames.js';

const request: ApprovalRequest = {
  sessionId: 's',
  turnId: 't',
  callId: 'c',
  tool: 'run_command',
  command: 'git status',
  env: { GIT_CONFIG_COUNT: '1', GIT_CONFIG_VALUE_0: 'id > /x' },
  reason: 'runs on this machine with environment variables the model set: GIT_CONFIG_COUNT',
};

describe("the model's env in approval prompts", () => {
  it('is shown in a chat prompt, and no "Always" is offered', () => {
    const t = channelMessages('en');
    const text = approvalText(request, t);
    expect(text).toContain('Environment variables the model set for this command:');
    expect(text).toContain('GIT_CONFIG_COUNT="1"\nGIT_CONFIG_VALUE_0="id > /x"');
    const pending = { approvalId: 'appr_1', request, expiresAt: new Date() };
    expect(approvalButtons(pending, t).map((b) => b.label)).toEqual(['Allow once', 'Deny']);
    expect(approvalText({ ...request, env: undefined }, channelMessages('zh'))).not.toContain('环境变量');
    expect(approvalText(request, channelMessages('zh'))).toContain('模型为这条命令设置的环境变量');
  });

  it('is a field of the approval_request frame', () => {
    const frame = approvalRequestFrame({ approvalId: 'appr_1', request, expiresAt: new Date(0) }, 'UTC');
    if (frame.type !== 'approval_request') throw new Error(`not an approval request: ${frame.type}`);
    expect(frame.env).toEqual(request.env);
    expect(frame.can_always).toBe(false);
    expect(
      'env' in
        approvalRequestFrame({
          approvalId: 'a',
          request: { ...request, env: undefined },
          expiresAt: new Date(0),
        }),
    ).toBe(false);
  });
});

describe('approval button payloads', () => {
  it('reads only well-formed payloads', () => {
    expect(parseApprovalData('ap:always:appr_0123abcd')).toEqual({
      answer: 'always',
      approvalId: 'appr_0123abcd',
    });
    for (const junk of [
      'ap:maybe:appr_1',
      'ap:allow:',
      'ap:allow:a b',
      'xx:allow:appr_1',
      `ap:deny:${'a'.repeat(57)}`,
    ])
      expect(parseApprovalData(junk), junk).toBeUndefined();
  });
});
