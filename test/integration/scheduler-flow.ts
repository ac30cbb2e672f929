/**
 * Scenario 5 (registered by server.test.ts): the scheduler end to end. Tasks added
 * through WebSocket `task` frames run as agent turns in their own session `task-<id>`
 * (never in `main`), every client gets the `task_status` / `task_process` broadcasts,
 * and each run is recorded.
 */
import { describe, expect, it } from 'vitest';
import { type RecordedRequest, startFakeLlm } from '../helpers/fake-llm.js';
import { historyProblems, useBox } from './harness.js';

function allText(request: RecordedRequest): string {
  return JSON.stringify(request.body.messages);
}

describe('e2e: scheduled tasks', () => {
  // Task runs are answered by what they were asked, so the order of runs does not matter.
  const shared = useBox(async () => ({
    scheduler: true,
    examples: false,
    llm: await startFakeLlm({
      fallback: (request) => {
        const text = allText(request);
        if (text.includes('提醒我喝水')) return { text: '该喝水了！' };
        if (text.includes('提醒我站起来')) return { text: '站起来活动一下！' };
        return { text: '主会话回答' };
      },
    }),
  }));

  it('runs an immediate and a 1-second task in task-<id> sessions, broadcasts them, and leaves main alone', async () => {
    const box = shared.box;
    const alice = await shared.clientFor();
    const bob = await shared.clientFor();
    expect((await alice.chat('主会话里的第一句话')).type).toBe('complete');
    const mainBefore = box.app.sessions.get('main').history(100);
    expect(mainBefore.map((m) => m.role)).toEqual(['user', 'assistant']);
    const requestsBefore = box.llm.requests.length;

    const from = alice.frames.length;
    alice.send({ type: 'task', action: 'add', title: '喝水', content: '提醒我喝水', is_immediate: true });
    const added = await alice.waitType('task_added', { from });
    alice.send({ type: 'task', action: 'add', title: '站立', content: '提醒我站起来', delay: 1 });
    const added2 = await alice.waitFor((f) => f.type === 'task_added' && f.task_id !== added.task_id, {
      from,
    });
    const ids = [added.task_id, added2.task_id] as [number, number];

    // Both clients see both runs finish.
    for (const client of [alice, bob]) {
      for (const id of ids) {
        await client.waitFor((f) => f.type === 'task_status' && f.task_id === id && f.status === 'complete', {
          timeoutMs: 8000,
        });
      }
    }
    for (const [id, answer] of [
      [ids[0], '该喝水了！'],
      [ids[1], '站起来活动一下！'],
    ] as const) {
      for (const client of [alice, bob]) {
        const frames = client.frames.filter((f) => f.type === 'task_process' && f.task_id === String(id));
        expect(frames.length).toBeGreaterThan(0);
        expect(new Set(frames.map((f) => f.session))).toEqual(new Set([`task-${id}`]));
        expect(frames.find((f) => f.msg_type === 'complete')?.content).toBe(answer);
        expect(
          frames
            .filter((f) => f.msg_type === 'chunk')
            .map((f) => f.content)
            .join(''),
        ).toBe(answer);
        expect(
          client.frames.some((f) => f.type === 'task_status' && f.task_id === id && f.status === 'executing'),
        ).toBe(true);
      }
      // The run is recorded with its answer.
      const runs = box.app.tasks.runs(id);
      expect(runs).toHaveLength(1);
      expect(runs[0]?.answer).toBe(answer);
      expect(runs[0]?.endedAt).not.toBeNull();
    }

    // The model was asked for each task outside the user's conversation.
    const taskRequests = box.llm.requests.slice(requestsBefore);
    expect(taskRequests).toHaveLength(2);
    for (const request of taskRequests) {
      expect(allText(request)).not.toContain('主会话里的第一句话');
      expect(historyProblems(request)).toEqual([]);
    }
    expect(taskRequests.some((r) => allText(r).includes('提醒我喝水'))).toBe(true);
    expect(taskRequests.some((r) => allText(r).includes('提醒我站起来'))).toBe(true);

    // main is untouched, and its clients got no chat frames of the task turns.
    expect(box.app.sessions.get('main').history(100)).toEqual(mainBefore);
    for (const client of [alice, bob]) {
      const leaked = client.frames.filter(
        (f) => (f.type === 'chunk' || f.type === 'complete') && String(f.content).match(/喝水|站起来/),
      );
      expect(leaked).toEqual([]);
    }
    // One-shot tasks are done: nothing left active.
    alice.send({ type: 'task', action: 'list' });
    const list = await alice.waitType('task_list', { from });
    expect(list.tasks).toEqual([]);
  });
});
