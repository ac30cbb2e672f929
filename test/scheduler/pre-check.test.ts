/**
 * Task pre-checks (issue 21 §4) in a real box with its scheduler, real child processes and the
 * fake LLM: a run whose `when` does not exit 0 is skipped with the command's exit and first line,
 * and the model is never called; no hidden heartbeat: an idle box with such tasks sends the fake
 * LLM nothing. The pre-check meets run_command's boundary: a command that needs a yes runs only
 * with the yes a person gave when the task was made.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SchedulerEvent } from '../../src/scheduler/types.js';
import type { Task, TaskRun } from '../../src/tasks/types.js';
import { type Box, connectReady, type Frame, startBox } from '../server/harness.js';

let box: Box | undefined;
afterEach(async () => {
  await box?.close();
  box = undefined;
});

async function schedulerBox(scheduler: Record<string, unknown> = {}): Promise<Box> {
  box = await startBox({ scheduler: true, config: { scheduler: { enabled: true, ...scheduler } } });
  return box;
}

/** Adds a task due now and resolves with its finished run (skipped, complete or failed). */
async function runNow(
  b: Box,
  when: string | undefined,
  extra: { whenApprovedBy?: string } = {},
): Promise<{ task: Task; run: TaskRun }> {
  const scheduler = b.app.scheduler;
  if (!scheduler) throw new Error('no scheduler');
  let taskId = -1;
  const finished = new Promise<number>((resolve) => {
    const stop = scheduler.onEvent((event: SchedulerEvent) => {
      if (event.type === 'run_ended' && event.task.id === taskId) {
        stop();
        resolve(event.run.id);
      }
    });
  });
  const task = b.app.tasks.add({
    title: `check ${when ?? 'none'}`,
    content: 'tell me the disk is nearly full',
    schedule: { kind: 'immediate', start: new Date().toISOString(), timezone: 'UTC' },
    ...(when ? { when, ...extra } : {}),
  });
  taskId = task.id;
  const runId = await finished;
  const run = b.app.tasks.runs(task.id).find((r) => r.id === runId);
  if (!run) throw new Error('no run record');
  return { task, run };
}

describe('task pre-checks', () => {
  it('an idle box whose tasks fail their pre-checks calls the model not once; each run says why it was skipped', async () => {
    const b = await schedulerBox();
    const first = await runNow(b, 'echo "disk at 42%"; exit 1');
    const second = await runNow(b, 'exit 3');
    const third = await runNow(b, 'printf "" ; echo "   " ; echo "nothing new" 1>&2; exit 2');
    await b.app.scheduler?.idle();
    expect(b.llm.requests).toHaveLength(0);
    expect(first.run).toMatchObject({
      status: 'skipped',
      answer: null,
      error: null,
      preCheck: { outcome: 'failed', exit: 1, line: 'disk at 42%' },
    });
    expect(second.run.preCheck).toMatchObject({ outcome: 'failed', exit: 3, line: '' });
    expect(third.run.preCheck).toMatchObject({ outcome: 'failed', exit: 2, line: 'nothing new' });
    expect(b.app.tasks.get(first.task.id)?.lastOutcome).toBe('skipped');
  });

  it('a pre-check that exits 0 calls the model once, and the run record keeps what it said', async () => {
    const b = await schedulerBox();
    b.llm.script({ text: 'The disk is at 93 %.' });
    const { run } = await runNow(b, 'echo "93%"');
    expect(run).toMatchObject({ status: 'complete', answer: 'The disk is at 93 %.' });
    expect(run.preCheck).toMatchObject({ outcome: 'passed', exit: 0, line: '93%' });
    expect(b.llm.requests).toHaveLength(1);
  });

  it('stops a pre-check at its time limit: the run is skipped, no model call', async () => {
    const b = await schedulerBox({ pre_check_timeout_s: 1 });
    const { run } = await runNow(b, 'sleep 30');
    expect(run.status).toBe('skipped');
    expect(run.preCheck).toMatchObject({ outcome: 'timeout', exit: null });
    expect(run.preCheck?.line).toMatch(/timed out \(1 s\)/);
    expect(run.preCheck?.durationMs).toBeLessThan(10_000);
    expect(b.llm.requests).toHaveLength(0);
  });

  it('a pre-check the command decision asks about never runs unjudged: without a yes it is refused, the file stays', async () => {
    const b = await schedulerBox();
    const workspace = join(b.home, 'workspace');
    mkdirSync(workspace, { recursive: true });
    writeFileSync(join(workspace, 'marker'), 'keep me');
    const { run } = await runNow(b, 'rm -f marker');
    expect(run.status).toBe('skipped');
    expect(run.preCheck).toMatchObject({ outcome: 'refused', exit: null });
    expect(run.preCheck?.line).toMatch(/nobody/i);
    expect(existsSync(join(workspace, 'marker'))).toBe(true);
    expect(b.llm.requests).toHaveLength(0);
  });

  it('the yes a person gave for that text lets it run (in the same boundary)', async () => {
    const b = await schedulerBox();
    const workspace = join(b.home, 'workspace');
    mkdirSync(workspace, { recursive: true });
    writeFileSync(join(workspace, 'marker'), 'remove me');
    b.llm.script({ text: 'done' });
    const { run } = await runNow(b, 'rm -f marker', { whenApprovedBy: 'the page' });
    expect(run.preCheck).toMatchObject({ outcome: 'passed', exit: 0 });
    expect(existsSync(join(workspace, 'marker'))).toBe(false);
    expect(b.llm.requests).toHaveLength(1);
  });
});

describe('a pre-check the model writes (memo add with when)', () => {
  const add = (when: string) => ({
    name: 'memo',
    arguments: { action: 'add', title: 'disk watch', reminder_time: '+1d', when },
  });
  /** The model adds the task, then answers; resolves with the frames' client once the turn ended. */
  async function modelAdds(b: Box, when: string, answer?: 'allow' | 'deny') {
    b.llm.script({ toolCalls: [add(when)] }, { text: 'ok' });
    const client = await connectReady(b.wsUrl);
    client.send({ type: 'message', content: 'watch my disk' });
    let request: Frame | undefined;
    if (answer) {
      request = await client.waitType('approval_request');
      client.send({ type: 'approval', approval_id: request.approval_id, decision: answer });
    }
    await client.waitFor((f) => f.type === 'complete' || (f.type === 'error' && f.turn_id !== undefined));
    client.close();
    const sent = b.llm.requests.at(-1)?.body.messages as { role: string; content: string }[];
    return { request, result: sent.filter((m) => m.role === 'tool').at(-1)?.content ?? '' };
  }

  it('one the command decision allows is kept with no approval', async () => {
    const b = await schedulerBox();
    const { result } = await modelAdds(b, 'exit 1');
    expect(result).toContain('Task created');
    const [task] = b.app.tasks.list();
    expect(task).toMatchObject({ when: 'exit 1', whenApprovedBy: null, createdBy: 'AI' });
  });

  it('one that needs a yes asks the person now; a no refuses the task', async () => {
    const b = await schedulerBox();
    const { request, result } = await modelAdds(b, 'rm -f marker', 'deny');
    expect(request).toMatchObject({ tool: 'run_command', command: 'rm -f marker' });
    expect(String(request?.reason)).toContain("A scheduled task's pre-check, run before every run:");
    expect(result).toContain('The task was not created: its pre-check cannot be used.');
    expect(b.app.tasks.list()).toHaveLength(0);
  });

  it('a yes is kept with the task for exactly that text', async () => {
    const b = await schedulerBox();
    const { result } = await modelAdds(b, 'rm -f marker', 'allow');
    expect(result).toContain('Task created');
    const [task] = b.app.tasks.list();
    expect(task?.when).toBe('rm -f marker');
    expect(task?.whenApprovedBy).toBeTruthy();
    // A new text needs a new yes.
    const changed = b.app.tasks.update(task?.id as number, { when: 'rm -f other' });
    expect(changed.whenApprovedBy).toBeNull();
  });
});
