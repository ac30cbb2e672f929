import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appendSafetyRule } from '../../../src/config/append-rule.js';
import { loadConfig } from '../../../src/config/load-config.js';
import { type Config, defaultConfig, type SafetyRule } from '../../../src/config/schema.js';
import { silentLogger } from '../../../src/log/logger.js';
import { type ApprovalEvent, createApprovalBroker } from '../../../src/safety/approvals/approval-broker.js';
import type { ApprovalRequest } from '../../../src/safety/types.js';
import { counterIds } from '../../../src/util/ids.js';
import { tempHome } from '../../helpers/cli.js';

const RM_RULE: SafetyRule = {
  decision: 'allow',
  tool: 'run_command',
  command: 'rm',
  args: ['-rf', '/srv/old'],
};

function request(extra: Partial<ApprovalRequest> = {}): ApprovalRequest {
  return {
    sessionId: 'main',
    turnId: 'turn_1',
    callId: 'call_1',
    tool: 'run_command',
    command: 'rm -rf /srv/old',
    reason: 'deletes outside the workspace',
    ...extra,
  };
}

function setup(safety: Partial<Config['safety']> = {}, persistRule: (rule: SafetyRule) => void = () => {}) {
  const config = defaultConfig();
  Object.assign(config.safety, safety);
  const broker = createApprovalBroker({
    config: () => config,
    clock: { now: () => new Date('2026-12-01T10:00:00Z') },
    ids: counterIds(),
    persistRule,
    logger: silentLogger(),
  });
  const events: ApprovalEvent[] = [];
  const detach = broker.attach('main', (event) => events.push(event));
  /** Resolves with the first `requested` event's approval id. */
  const requested = () =>
    new Promise<string>((resolve) => {
      const found = events.find((e) => e.type === 'requested');
      if (found?.type === 'requested') return resolve(found.pending.approvalId);
      const off = broker.attach('main', (event) => {
        if (event.type !== 'requested') return;
        off();
        resolve(event.pending.approvalId);
      });
    });
  return { config, broker, events, detach, requested };
}

describe('approval broker', () => {
  it('sends the request to the session, and the first answer wins; a later one hears it was decided', async () => {
    const { broker, events, requested } = setup({ approval_timeout_s: 60 });
    const outcome = broker.ask(request(), new AbortController().signal);
    const id = await requested();
    expect(broker.pending('main').map((p) => p.approvalId)).toEqual([id]);
    expect(broker.pending('other')).toEqual([]);
    const first = events[0];
    expect(first?.type === 'requested' && first.pending.expiresAt.toISOString()).toBe(
      '2026-12-01T10:01:00.000Z',
    );

    expect(broker.answer(id, 'deny', 'alice')).toEqual({
      status: 'accepted',
      outcome: { approved: false, how: 'deny', by: 'alice' },
    });
    expect(broker.answer(id, 'allow', 'bob')).toEqual({
      status: 'already_decided',
      outcome: { approved: false, how: 'deny', by: 'alice' },
    });
    await expect(outcome).resolves.toEqual({ approved: false, how: 'deny', by: 'alice' });
    expect(events.map((e) => e.type)).toEqual(['requested', 'resolved']);
    expect(broker.pending('main')).toEqual([]);
    expect(broker.answer('appr_nope', 'allow', 'bob')).toEqual({ status: 'unknown' });
  });

  it('does not take an answer from someone outside the request’s session', async () => {
    const { broker, requested } = setup();
    const outcome = broker.ask(request(), new AbortController().signal);
    const id = await requested();
    expect(broker.answer(id, 'allow', 'mallory', new Set(['other']))).toEqual({ status: 'unknown' });
    expect(broker.answer(id, 'allow', 'alice', new Set(['main'])).status).toBe('accepted');
    await expect(outcome).resolves.toMatchObject({ approved: true, how: 'allow' });
  });

  it('denies when nobody answers within safety.approval_timeout_s', async () => {
    const { broker, events } = setup({ approval_timeout_s: 0.05 });
    await expect(broker.ask(request(), new AbortController().signal)).resolves.toEqual({
      approved: false,
      how: 'timeout',
    });
    expect(events.at(-1)).toMatchObject({ type: 'resolved', outcome: { how: 'timeout' } });
  });

  it('resolves as aborted when the turn is cancelled', async () => {
    const { broker, requested } = setup();
    const controller = new AbortController();
    const outcome = broker.ask(request(), controller.signal);
    const id = await requested();
    controller.abort();
    await expect(outcome).resolves.toEqual({ approved: false, how: 'aborted' });
    expect(broker.answer(id, 'allow', 'late').status).toBe('already_decided');
  });

  it('denies at once as unattended when nobody can answer for the session, or the turn is a task’s', async () => {
    const { broker, detach, events } = setup();
    const all: ApprovalEvent[] = [];
    broker.onEvent((event) => all.push(event));
    await expect(broker.ask(request({ sessionId: 'task-3' }), new AbortController().signal)).resolves.toEqual(
      {
        approved: false,
        how: 'unattended',
      },
    );
    await expect(broker.ask(request(), new AbortController().signal, { attended: false })).resolves.toEqual({
      approved: false,
      how: 'unattended',
    });
    detach();
    await expect(broker.ask(request(), new AbortController().signal)).resolves.toMatchObject({
      how: 'unattended',
    });
    expect(events).toEqual([]);
    // Still recorded for whoever keeps records (a task's run).
    expect(all.map((e) => e.type === 'resolved' && e.outcome.how)).toEqual([
      'unattended',
      'unattended',
      'unattended',
    ]);
  });

  it('safety.mode deny refuses without asking; off allows without asking', async () => {
    const denying = setup({ mode: 'deny' });
    await expect(denying.broker.ask(request(), new AbortController().signal)).resolves.toEqual({
      approved: false,
      how: 'policy',
    });
    expect(denying.events).toEqual([]);
    const open = setup({ mode: 'off' });
    await expect(open.broker.ask(request(), new AbortController().signal)).resolves.toEqual({
      approved: true,
      how: 'policy',
    });
  });

  it('"always" saves the rule (config.json and live config) and the next identical call is allowed without asking', async () => {
    const home = tempHome('aibox-broker-');
    const path = join(home, 'config.json');
    writeFileSync(
      path,
      '{\n    "lang": "en",\n    "api": { "temperature": 0.3 },\n    "safety": { "approval_timeout_s": 60 }\n}\n',
      {
        mode: 0o600,
      },
    );
    const { config, broker, events, requested } = setup({}, (rule) => appendSafetyRule(path, rule));
    const first = broker.ask(request({ rememberable: RM_RULE }), new AbortController().signal);
    broker.answer(await requested(), 'always', 'alice');
    await expect(first).resolves.toEqual({ approved: true, how: 'always', by: 'alice' });
    expect(config.safety.rules).toEqual([RM_RULE]);

    const text = readFileSync(path, 'utf8');
    const saved = JSON.parse(text);
    expect(saved.safety.rules).toEqual([RM_RULE]);
    expect(saved.api).toEqual({ temperature: 0.3 }); // the user's other (legacy) keys stay
    expect(saved.safety.approval_timeout_s).toBe(60);
    expect(text).toContain('\n    "lang": "en"'); // the file's indentation is kept
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect((await loadConfig(path)).config.safety.rules).toEqual([RM_RULE]);

    const asked = events.length;
    await expect(
      broker.ask(request({ rememberable: RM_RULE }), new AbortController().signal),
    ).resolves.toMatchObject({
      approved: true,
      how: 'always',
    });
    expect(events.length).toBe(asked); // nobody was asked
    // A different argument list is a different call: asked again.
    const other = broker.ask(
      request({ rememberable: { ...RM_RULE, args: ['-rf', '/srv'] } }),
      new AbortController().signal,
    );
    expect(events.length).toBe(asked + 1);
    broker.answer(broker.pending('main')[0]?.approvalId ?? '', 'deny', 'alice');
    await expect(other).resolves.toMatchObject({ approved: false });
    expect(appendSafetyRule(path, RM_RULE)).toBe(false); // never saved twice
  });

  it('an MCP rule covers the hash it was saved with: a new hash is asked, and its "always" replaces the old rule', async () => {
    const home = tempHome('aibox-broker-');
    const path = join(home, 'config.json');
    const handWritten: SafetyRule = { decision: 'allow', tool: 'mcp', command: 'rug__*' };
    const was: SafetyRule = { decision: 'allow', tool: 'mcp', command: 'rug__echo', hash: 'a'.repeat(64) };
    const now: SafetyRule = { ...was, hash: 'b'.repeat(64) };
    writeFileSync(path, `${JSON.stringify({ safety: { rules: [handWritten, was, RM_RULE] } }, null, 2)}\n`);
    const { config, broker, events, requested } = setup({ rules: [handWritten, was, RM_RULE] }, (rule) =>
      appendSafetyRule(path, rule),
    );
    const mcp = (rule: SafetyRule) =>
      request({ tool: 'rug__echo', command: 'rug__echo {}', rememberable: rule });

    const changed = broker.ask(mcp(now), new AbortController().signal);
    expect(events.filter((e) => e.type === 'requested')).toHaveLength(1); // asked, not settled by the old rule
    broker.answer(await requested(), 'always', 'alice');
    await expect(changed).resolves.toEqual({ approved: true, how: 'always', by: 'alice' });
    expect(config.safety.rules).toEqual([handWritten, RM_RULE, now]);
    expect(JSON.parse(readFileSync(path, 'utf8')).safety.rules).toEqual([handWritten, RM_RULE, now]);
    expect((await loadConfig(path)).config.safety.rules).toEqual([handWritten, RM_RULE, now]);

    const asked = events.length;
    await expect(broker.ask(mcp(now), new AbortController().signal)).resolves.toMatchObject({
      how: 'always',
    });
    expect(events.length).toBe(asked);
  });

  it('"always" for a call that cannot be remembered (a shell) counts as allow once and saves nothing', async () => {
    const saved: SafetyRule[] = [];
    const { config, broker, requested } = setup({}, (rule) => saved.push(rule));
    const outcome = broker.ask(request({ command: 'sh -c "rm -rf /srv/old"' }), new AbortController().signal);
    broker.answer(await requested(), 'always', 'alice');
    await expect(outcome).resolves.toEqual({ approved: true, how: 'allow', by: 'alice' });
    expect(saved).toEqual([]);
    expect(config.safety.rules).toEqual([]);
  });

  it('a broken config.json is never rewritten; the rule still holds until restart', async () => {
    const home = tempHome('aibox-broker-');
    const path = join(home, 'config.json');
    writeFileSync(path, '{"lang": "en", "safety": {"mode": "sometimes"}}');
    const { config, broker, requested } = setup({}, (rule) => appendSafetyRule(path, rule));
    const outcome = broker.ask(request({ rememberable: RM_RULE }), new AbortController().signal);
    broker.answer(await requested(), 'always', 'alice');
    await expect(outcome).resolves.toMatchObject({ approved: true, how: 'always' });
    expect(readFileSync(path, 'utf8')).toBe('{"lang": "en", "safety": {"mode": "sometimes"}}');
    expect(config.safety.rules).toEqual([RM_RULE]);
    expect(() => appendSafetyRule(path, RM_RULE)).toThrow(/safety\.mode/);
  });
});
