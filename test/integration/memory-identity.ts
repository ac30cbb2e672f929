/**
 * Scenarios 3–4 (registered by agent.test.ts): memory, ending a conversation and
 * identity updates, end to end. The tools run inside real turns (createApp + server +
 * WebSocket), and what the model is sent next is checked on the fake LLM's recorded requests.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { historyProblems, systemText, toolResults, useBox } from './harness.js';

describe('e2e: memory and identity', () => {
  const shared = useBox({ examples: false });
  const requestsSince = (start: number) => shared.requestsSince(start);

  const SUMMARY =
    '我们讨论了项目进度：后端接口已经完成，前端页面还差设置页和登录页，计划下周三发布测试版，并安排周五做一次回归测试。';

  describe('memory and ending a conversation', () => {
    it('saves a memory, finds it by 项目, then save_memory_and_end_conversation ends the dialogue cleanly', async () => {
      const client = await shared.clientFor('mem');
      const start = shared.box.llm.requests.length;
      shared.box.llm.script(
        {
          toolCalls: [
            {
              id: 'm1',
              name: 'memory',
              arguments: {
                action: 'save',
                topic: '周会记录',
                summary: '项目进度讨论：下周三发布测试版',
                importance: 4,
              },
            },
            { id: 'm0', name: 'memory', arguments: { action: 'save', summary: '午饭吃了牛肉面' } },
          ],
        },
        { toolCalls: [{ id: 'm2', name: 'memory', arguments: { action: 'search', query: '项目' } }] },
        { text: '记住了。' },
      );
      expect((await client.chat('记住：项目下周三发布测试版')).type).toBe('complete');
      const firstTurn = requestsSince(start);
      expect(firstTurn).toHaveLength(3);
      const found = toolResults(firstTurn[2]!).get('m2') ?? '';
      expect(found).toContain('项目进度讨论');
      expect(found).not.toContain('牛肉面');
      expect(shared.box.app.memory.search('项目').total).toBeGreaterThanOrEqual(1);

      // Second turn: the model ends the conversation; a second call in the same message is answered, not run.
      const from = client.frames.length;
      shared.box.llm.script({
        text: '好的，我已保存本次对话，再见。',
        toolCalls: [
          {
            id: 'e1',
            name: 'save_memory_and_end_conversation',
            arguments: {
              summary: SUMMARY,
              current_status: '等待前端完成设置页',
              next_goals: '周五回归测试',
              topic: '项目进度',
            },
          },
          { id: 'e2', name: 'memory', arguments: { action: 'recent' } },
        ],
      });
      const end = await client.chat('好的，先这样，结束吧');
      expect(end.type).toBe('complete');
      expect(end.content).toBe('好的，我已保存本次对话，再见。');
      await client.waitType('dialogue_ended', { from });

      const statusFile = join(shared.box.app.paths.prompts, '100_STATUS.md');
      expect(existsSync(statusFile)).toBe(true);
      const status = readFileSync(statusFile, 'utf8');
      expect(status).toContain('等待前端完成设置页');
      expect(status).toContain(SUMMARY);

      // Third turn: a fresh conversation whose history is valid for a strict server.
      const beforeThird = shared.box.llm.requests.length;
      shared.box.llm.script({ text: '你好，新的对话。' });
      expect((await client.chat('你好')).type).toBe('complete');
      const third = shared.box.llm.requests[beforeThird]!;
      expect(historyProblems(third)).toEqual([]);
      const roles = (third.body.messages as { role: string }[]).map((m) => m.role);
      expect(roles.filter((r) => r !== 'system')).toEqual(['user']);
      // The status written at the end reaches the next conversation's system prompt.
      expect(systemText(third)).toContain('等待前端完成设置页');

      // Over the whole exchange, the ending turn had exactly one `complete` and one `dialogue_ended`.
      const endTurn = end.turn_id;
      expect(client.frames.filter((f) => f.type === 'complete' && f.turn_id === endTurn)).toHaveLength(1);
      expect(client.frames.filter((f) => f.type === 'error' && f.turn_id === endTurn)).toHaveLength(0);
      expect(client.ofType('dialogue_ended')).toHaveLength(1);
      // Every request of this test was valid, including after the skipped call e2.
      for (const request of requestsSince(start)) expect(historyProblems(request)).toEqual([]);
      // The ended conversation was archived when the new one began.
      expect(readdirSync(shared.box.app.paths.archive).some((f) => f.endsWith('.json'))).toBe(true);
    });
  });

  describe('update_identity', () => {
    it('the next turn of the same conversation is sent the new identity (no /new)', async () => {
      const client = await shared.clientFor('ident');
      const identity = '你是小航，一位专注航海历史的助手。';
      const start = shared.box.llm.requests.length;
      shared.box.llm.script(
        {
          toolCalls: [{ id: 'u1', name: 'update_identity', arguments: { content: identity, confirm: true } }],
        },
        { text: '身份已更新。' },
        { text: '我是小航。' },
      );
      expect((await client.chat('以后你叫小航，专注航海历史')).type).toBe('complete');
      const ok = client.ofType('tool_end').find((f) => f.call_id === 'u1');
      expect(ok?.ok).toBe(true);
      expect((await client.chat('你是谁？')).type).toBe('complete');

      const [before, , next] = requestsSince(start);
      expect(systemText(before!)).not.toContain(identity);
      expect(systemText(next!)).toContain(identity);
      // Same conversation: the earlier turn is still in the history.
      expect(JSON.stringify(next!.body.messages)).toContain('以后你叫小航');
      expect(historyProblems(next!)).toEqual([]);
    });
  });
});
