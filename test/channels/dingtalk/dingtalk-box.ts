/** A real Aibox whose DingTalk channel is connected to a fresh fake DingTalk (short back-off). */
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { type FakeDingTalk, startFakeDingTalk } from '../../helpers/fake-dingtalk.js';
import { type Box, startBox } from '../../server/harness.js';

export const OWNER = 'staff-owner';

interface DingTalkBoxOptions {
  /** More of `channels.dingtalk` (e.g. `card_template_id`). */
  dingtalk?: Record<string, unknown>;
  scheduler?: boolean;
}

export async function startDingTalkBox(
  config: Record<string, unknown> = {},
  channels: Record<string, unknown> = {},
  options: DingTalkBoxOptions = {},
): Promise<{ dt: FakeDingTalk; box: Box }> {
  const dt = await startFakeDingTalk();
  const box = await startBox({
    config: {
      ...config,
      channels: {
        stream_interval_ms: 50,
        ...channels,
        dingtalk: {
          client_id: dt.clientId,
          client_secret: dt.clientSecret,
          api_root: dt.apiRoot,
          allowed_ids: [OWNER],
          ...options.dingtalk,
        },
      },
    },
    scheduler: options.scheduler,
    server: { channels: { tuning: { dingtalk: { backoffInitialMs: 20, backoffMaxMs: 200 } } } },
  });
  await dt.waitFor((e) => e.kind === 'connect');
  return { dt, box };
}

interface ApprovalBox {
  dt: FakeDingTalk;
  box: Box;
  /** A directory outside the workspace: writing there needs a person's approval. */
  outside: string;
}

/**
 * For one describe block: a DingTalk box whose approval requests wait 60 s for a person, with no
 * "thinking" notice, started before its tests and closed after them (fields set in beforeAll).
 */
export function useApprovalBox(options: DingTalkBoxOptions = {}): ApprovalBox {
  const fixture = {} as ApprovalBox;
  beforeAll(async () => {
    fixture.outside = realpathSync(mkdtempSync(join(tmpdir(), 'aibox-outside-')));
    Object.assign(
      fixture,
      await startDingTalkBox(
        { safety: { approval_timeout_s: 60 } },
        { thinking_notice_ms: 600_000 },
        options,
      ),
    );
  });
  afterAll(async () => {
    await fixture.box?.close();
    await fixture.dt?.close();
    if (fixture.outside) rmSync(fixture.outside, { recursive: true, force: true });
  });
  return fixture;
}

/** The model's next turn writes `content` to `target` (outside the workspace), then says `after`. */
export function scriptWrite(box: Box, target: string, after: string, content = 'x'): void {
  box.llm.script(
    { toolCalls: [{ name: 'write_file', arguments: { filepath: target, content } }] },
    { text: after },
  );
}
