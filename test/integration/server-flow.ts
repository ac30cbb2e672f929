/**
 * Scenarios 6–8 (registered by server.test.ts), over real sockets: a conversation
 * survives a restart and `/new` archives it; an original `client.py`-style client
 * (type + content only) gets a usable stream; without a model key a turn fails with
 * one clear error while everything that needs no model keeps working.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempHome } from '../helpers/cli.js';
import { type FakeLlm, startFakeLlm } from '../helpers/fake-llm.js';
import { clientPyTranscript, occurrences } from './client-py.js';
import {
  type Box,
  type Client,
  cleanEnv,
  connectClient,
  type Frame,
  historyProblems,
  startBox,
  useBox,
} from './harness.js';

describe('e2e: server', () => {
  // Tests that start their own boxes (restart, no key) register them here to be closed.
  const boxes: Box[] = [];
  const clients: Client[] = [];
  const llms: FakeLlm[] = [];
  const homes: string[] = [];
  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
    for (const b of boxes.splice(0)) await b.stop();
    for (const l of llms.splice(0)) await l.close();
    for (const h of homes.splice(0)) rmSync(h, { recursive: true, force: true });
  });
  function newHome(prefix: string): string {
    const dir = tempHome(prefix);
    homes.push(dir);
    return dir;
  }
  async function open(options: Parameters<typeof startBox>[0] = {}): Promise<Box> {
    const box = await startBox(options);
    boxes.push(box);
    return box;
  }
  async function client(url: string): Promise<Client> {
    const c = await connectClient(url);
    clients.push(c);
    return c;
  }
  async function fakeLlm(): Promise<FakeLlm> {
    const llm = await startFakeLlm();
    llms.push(llm);
    return llm;
  }

  describe('restart persistence', () => {
    it('the history frame after a restart holds the conversation; the model gets it; /new archives it', async () => {
      const llm = await fakeLlm();
      const home = newHome('aibox-e2e-restart-');
      const first = await open({ home, llm, examples: false });
      llm.script({ text: '好的，我记住了蓝鲸。' });
      const c1 = await client(first.wsUrl);
      expect((await c1.chat('请记住暗号：蓝鲸')).type).toBe('complete');
      c1.close();
      await first.stop();
      boxes.splice(boxes.indexOf(first), 1);

      const second = await open({ home, llm });
      const c2 = await client(second.wsUrl);
      const history = c2.ofType('history')[0] as Frame & { messages: { role: string; content: string }[] };
      expect(history.session).toBe('main');
      expect(history.messages.map((m) => [m.role, m.content])).toEqual([
        ['user', '请记住暗号：蓝鲸'],
        ['assistant', '好的，我记住了蓝鲸。'],
      ]);

      // The resumed conversation is what the model is sent next.
      llm.script({ text: '暗号是蓝鲸。' });
      expect((await c2.chat('暗号是什么？')).type).toBe('complete');
      const resumed = llm.requests.at(-1)!;
      const sent = (resumed.body.messages as { role: string; content: string }[]).filter(
        (m) => m.role !== 'system',
      );
      expect(sent.map((m) => m.content)).toEqual([
        '请记住暗号：蓝鲸',
        '好的，我记住了蓝鲸。',
        '暗号是什么？',
      ]);
      expect(historyProblems(resumed)).toEqual([]);

      // /new: a JSON archive with the whole conversation, a reset frame, and an empty history for newcomers.
      const from = c2.frames.length;
      c2.send({ type: 'command', command: '/new', id: 'n1' });
      await c2.waitFor((f) => f.type === 'command_result' && f.id === 'n1', { from });
      await c2.waitType('dialogue_reset', { from });
      const files = readdirSync(second.app.paths.archive).filter((f) => f.endsWith('.json'));
      expect(files).toHaveLength(1);
      const archived = readFileSync(join(second.app.paths.archive, files[0]!), 'utf8');
      expect(archived).toContain('请记住暗号：蓝鲸');
      expect(archived).toContain('暗号是蓝鲸。');
      const c3 = await client(second.wsUrl);
      expect((c3.ofType('history')[0] as Frame & { messages: unknown[] }).messages).toEqual([]);
    });
  });

  describe('original client compatibility (client.py reads type + content)', () => {
    // One turn with a tool call, read by both tests below.
    const shared = useBox({ examples: false });
    const COMMAND = 'echo $((6*7))-marker';
    let c: Client;
    let from: number;
    let end: Frame;
    it('connection_ack has content; chunks concatenate to complete; line frames carry the tool activity', async () => {
      shared.box.llm.script(
        {
          text: '我来看看。',
          toolCalls: [{ id: 'r1', name: 'run_command', arguments: { command: COMMAND } }],
        },
        { text: '命令输出了 42-marker，一切正常。', chunkChars: 3 },
      );
      c = await shared.clientFor('main', { legacy: true });
      from = c.frames.length;
      end = await c.chat('运行一个命令');

      const ack = c.frames[0]!;
      expect(ack.type).toBe('connection_ack');
      expect(typeof ack.content).toBe('string');
      expect(String(ack.content).length).toBeGreaterThan(0);
      expect(end.type).toBe('complete');

      const turn = c.frames.slice(from);
      // An original client sees rounds only through `line` frames: the last round follows the last one.
      expect(turn.some((f) => ['turn_start', 'tool_start', 'tool_output', 'tool_end'].includes(f.type))).toBe(
        false,
      );
      const lastRound = turn.slice(turn.findLastIndex((f) => f.type === 'line') + 1);
      const chunks = lastRound.filter((f) => f.type === 'chunk').map((f) => f.content);
      expect(chunks.length).toBeGreaterThan(1);
      expect(chunks.join('')).toBe(end.content);
      expect(end.content).toBe('命令输出了 42-marker，一切正常。');

      const lines = turn
        .filter((f) => f.type === 'line')
        .map((f) => f.content)
        .join('');
      expect(lines).toContain(COMMAND);
      expect(lines).toContain('42-marker\n');
      expect(lines).toContain('run_command');
      // Every frame of the turn has a string type, and every content a client prints is a string.
      for (const frame of turn) {
        expect(typeof frame.type).toBe('string');
        if ('content' in frame) expect(typeof frame.content).toBe('string');
      }
      const shown = clientPyTranscript(c.frames);
      expect(shown).toContain('✅ ✅');
      expect(shown).toContain('命令输出了 42-marker，一切正常。');
    });

    it('client.py shows the command output once and does not echo the user message', () => {
      expect(c, 'needs the turn of the test above').toBeDefined();
      const shown = clientPyTranscript(c.frames);
      // client.py appends every frame it does not know that has a `content` to the chat stream, so
      // the structured frames (turn_start, tool_output, tool_end) must not repeat what `line` says.
      expect({
        userEchoes: occurrences(shown, '运行一个命令'),
        // Once as the `line` after the banner; not again from tool_output, nor in tool_end's result.
        outputShown: occurrences(shown, '\n42-marker'),
      }).toEqual({ userEchoes: 0, outputShown: 1 });
    });
  });

  describe('no model key configured', () => {
    it('a turn ends with one error naming DEEPSEEK_API_KEY; /healthz says not configured; /skills works', async () => {
      const llm = await fakeLlm();
      const home = newHome('aibox-e2e-nokey-');
      // The fake's URL is set so that any request the app wrongly made would be recorded.
      const box = await open({ home, llm, env: cleanEnv(home, { AIBOX_LLM_BASE_URL: llm.baseUrl }) });
      const c = await client(box.wsUrl);
      const from = c.frames.length;
      const end = await c.chat('你好');
      expect(end.type).toBe('error');
      expect(String(end.content)).toContain('DEEPSEEK_API_KEY');
      expect(end.code).toBe('llm_unavailable');
      // Still exactly one terminal frame once a later round trip is done.
      c.send({ type: 'ping' });
      await c.waitType('pong', { from });
      const terminal = c.frames.slice(from).filter((f) => f.type === 'complete' || f.type === 'error');
      expect(terminal).toHaveLength(1);
      expect(llm.requests).toHaveLength(0);

      const health = (await (await fetch(`${box.httpUrl}/healthz`)).json()) as {
        ok: boolean;
        model: { configured: boolean };
        skills: number;
      };
      expect(health.model.configured).toBe(false);
      expect(health.skills).toBeGreaterThan(0);

      c.send({ type: 'command', command: '/skills', id: 's' });
      const listed = await c.waitFor((f) => f.type === 'command_result' && f.id === 's', { from });
      expect(String(listed.content)).toContain('unit_convert');
      const api = (await (await fetch(`${box.httpUrl}/api/skills`)).json()) as unknown;
      expect(JSON.stringify(api)).toContain('unit_convert');
    });
  });
});
