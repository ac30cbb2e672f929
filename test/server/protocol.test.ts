/** The WebSocket protocol end to end: real server, real `ws` clients, the fake LLM. */
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRunning, pidsRunning } from '../helpers/processes.js';
import { type Box, connectReady, type Frame, startBox } from './harness.js';

describe('server protocol', () => {
  let box: Box;
  beforeAll(async () => {
    box = await startBox();
  });
  afterAll(async () => {
    await box?.close();
  });

  it('sends connection_ack (content and message), three info lines, then history', async () => {
    const c = await connectReady(box.wsUrl);
    const [ack, i1, i2, i3, history] = c.frames;
    expect(ack).toMatchObject({
      type: 'connection_ack',
      protocol: 1,
      session: 'main',
      server: { name: 'aibox' },
    });
    expect(ack?.content).toBe('✅ Connected to AI server');
    expect(ack?.message).toBe(ack?.content);
    expect(String(ack?.timestamp)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
    expect([i1, i2, i3].map((f) => f?.type)).toEqual(['info', 'info', 'info']);
    expect(String(i1?.content)).toContain(box.home);
    expect(history).toMatchObject({ type: 'history', session: 'main' });
    c.close();
  });

  it('runs a full turn with a tool call: frames in order, exactly one complete', async () => {
    box.llm.script(
      { toolCalls: [{ name: 'run_command', arguments: { command: 'echo tool-says-hi' } }] },
      {
        text: 'The command printed tool-says-hi.',
        usage: { prompt_tokens: 7, completion_tokens: 3, total_tokens: 10 },
      },
    );
    const c = await connectReady(box.wsUrl, { headers: {} });
    const from = c.frames.length;
    c.send({ type: 'message', content: 'run echo please', id: 'm1', session: 'tool' });
    const complete = await c.waitType('complete', { from });
    const turn = c.frames.slice(from).filter((f) => f.session === 'tool' || f.type === 'queued');
    const types = turn.map((f) => f.type);
    expect(types[0]).toBe('queued');
    expect(turn[0]).toMatchObject({ id: 'm1', position: 0 });
    const order = ['turn_start', 'tool_start', 'tool_output', 'tool_end', 'chunk', 'complete'].map((t) =>
      types.indexOf(t),
    );
    expect(order.every((i, k) => i >= 0 && (k === 0 || i > (order[k - 1] ?? -1)))).toBe(true);
    expect(types.filter((t) => t === 'complete')).toHaveLength(1);
    expect(types).toContain('line');
    const toolStart = turn.find((f) => f.type === 'tool_start');
    expect(toolStart).toMatchObject({ name: 'run_command', args: { command: 'echo tool-says-hi' } });
    const output = turn
      .filter((f) => f.type === 'tool_output')
      .map((f) => f.content)
      .join('');
    expect(output).toContain('tool-says-hi');
    expect(turn.find((f) => f.type === 'tool_end')).toMatchObject({ ok: true, name: 'run_command' });
    const chunks = turn
      .filter((f) => f.type === 'chunk')
      .map((f) => f.content)
      .join('');
    expect(chunks).toBe('The command printed tool-says-hi.');
    expect(complete).toMatchObject({
      content: chunks,
      session: 'tool',
      usage: { total_tokens: expect.any(Number) },
    });
    expect(
      turn.every((f) => f.type === 'queued' || f.type === 'line' || f.turn_id === complete.turn_id),
    ).toBe(true);
    c.close();
  });

  it('streams a session to every client attached to it, and sends history to a newcomer', async () => {
    box.llm.script({ text: 'shared answer for both' });
    const a = await connectReady(`${box.wsUrl}/?session=shared`);
    const b = await connectReady(`${box.wsUrl}/ws?session=shared`);
    a.send({ type: 'message', content: 'hello both' });
    const [ca, cb] = await Promise.all([a.waitType('complete'), b.waitType('complete')]);
    expect(ca.content).toBe('shared answer for both');
    expect(cb.turn_id).toBe(ca.turn_id);
    expect(
      b.frames
        .filter((f) => f.type === 'chunk')
        .map((f) => f.content)
        .join(''),
    ).toBe('shared answer for both');
    const late = await connectReady(`${box.wsUrl}/?session=shared`);
    const history = late.frames.find((f) => f.type === 'history') as Frame & {
      messages: { role: string; content: string }[];
    };
    expect(history.messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'hello both'],
      ['assistant', 'shared answer for both'],
    ]);
    for (const c of [a, b, late]) c.close();
  });

  it('runs two sessions in parallel', async () => {
    // Each answer waits until both requests have reached the model: only parallel sessions finish.
    const both = () => box.llm.waitForRequest(box.llm.requests.length + 2);
    const waitBoth = both();
    const answer = async (req: { body: { messages: { role: string; content: string }[] } }) => {
      await waitBoth;
      return { text: `answer to ${req.body.messages.at(-1)?.content}` };
    };
    box.llm.script(answer, answer);
    const a = await connectReady(`${box.wsUrl}/?session=par-a`);
    const b = await connectReady(`${box.wsUrl}/?session=par-b`);
    a.send({ type: 'message', content: 'from a' });
    b.send({ type: 'message', content: 'from b' });
    const [ca, cb] = await Promise.all([a.waitType('complete'), b.waitType('complete')]);
    expect(ca.content).toContain('from a');
    expect(cb.content).toContain('from b');
    a.close();
    b.close();
  });

  it('queues a second message while a turn runs instead of mixing them', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    box.llm.script(
      async () => {
        await gate;
        return { text: 'first answer' };
      },
      { text: 'second answer' },
    );
    const c = await connectReady(`${box.wsUrl}/?session=queue`);
    c.send({ type: 'message', content: 'one' });
    c.send({ type: 'message', content: 'two' });
    const queued = await c.waitFor((f) => f.type === 'queued' && f.position === 1);
    release();
    await c.waitFor((f) => f.type === 'complete' && f.turn_id === queued.turn_id);
    const relevant = c.frames.filter((f) => ['turn_start', 'chunk', 'complete'].includes(f.type));
    const firstComplete = relevant.findIndex((f) => f.type === 'complete');
    const secondStart = relevant.findIndex((f) => f.type === 'turn_start' && f.turn_id === queued.turn_id);
    expect(secondStart).toBeGreaterThan(firstComplete);
    expect(relevant.filter((f) => f.type === 'complete').map((f) => f.content)).toEqual([
      'first answer',
      'second answer',
    ]);
    c.close();
  });

  it('abort during a long run_command kills the process and ends with error aborted', async () => {
    box.llm.script({
      toolCalls: [
        { name: 'run_command', arguments: { command: 'echo started; exec sleep 30.25', timeout: 60 } },
      ],
    });
    const c = await connectReady(`${box.wsUrl}/?session=abort`);
    c.send({ type: 'message', content: 'sleep a while' });
    await c.waitFor((f) => f.type === 'tool_output' && String(f.content).includes('started'));
    // The command runs in the sandbox's PID namespace: find its host pid.
    await expect.poll(() => pidsRunning(['sleep', '30.25']).length, { timeout: 5000 }).toBe(1);
    const pid = pidsRunning(['sleep', '30.25'])[0] as number;
    c.send({ type: 'abort' });
    const error = await c.waitType('error');
    expect(error).toMatchObject({ code: 'aborted', session: 'abort' });
    expect(c.frames.filter((f) => f.type === 'complete')).toHaveLength(0);
    await expect.poll(() => isRunning(pid), { timeout: 5000 }).toBe(false);
    c.close();
  });

  it('answers ping, /help, /config without secrets, and an unknown /x without asking the model', async () => {
    const c = await connectReady(box.wsUrl);
    const requests = box.llm.requests.length;
    c.send({ type: 'ping' });
    expect((await c.waitType('pong')).timestamp).toBeTruthy();
    c.send({ type: 'command', command: '/help', id: 1 });
    const help = await c.waitFor((f) => f.type === 'command_result' && f.id === 1);
    for (const name of [
      '/new',
      '/list',
      '/memories',
      '/search',
      '/skills',
      '/config',
      '/reload',
      '/stop',
      '/exit',
      '/help',
    ]) {
      expect(String(help.content)).toContain(name);
    }
    c.send({ type: 'command', command: '/config', id: 2 });
    const config = await c.waitFor((f) => f.type === 'command_result' && f.id === 2);
    expect(JSON.stringify(config)).not.toContain('sk-server-test-secret-key');
    expect(String(config.content)).toContain('llm.model');
    c.send({ type: 'command', command: '/frobnicate now', id: 3 });
    const unknown = await c.waitFor((f) => f.type === 'command_result' && f.id === 3);
    expect(String(unknown.content)).toContain('/frobnicate');
    expect(box.llm.requests.length).toBe(requests);
    c.close();
  });

  it('/new resets the conversation for every client of the session', async () => {
    box.llm.script({ text: 'remember me' });
    const c = await connectReady(`${box.wsUrl}/?session=reset`);
    c.send({ type: 'message', content: 'before reset' });
    await c.waitType('complete');
    const original = await connectReady(`${box.wsUrl}/?session=reset`, { protocols: [] });
    const from = c.frames.length;
    c.send({ type: 'command', command: '/new' });
    await c.waitType('dialogue_reset', { from });
    const reply = await c.waitType('command_result', { from });
    // An original client gets the notice ended by a `complete`, so the next answer starts afresh;
    // a structured client reads `dialogue_reset` itself and sees no extra `complete`.
    const reset = await original.waitType('dialogue_reset');
    expect(
      await original.waitFor((f) => f.type === 'complete', { from: original.frames.indexOf(reset) }),
    ).toMatchObject({
      content: '',
    });
    expect(c.frames.slice(from, c.frames.indexOf(reply)).map((f) => f.type)).not.toContain('complete');
    const fresh = await connectReady(`${box.wsUrl}/?session=reset`);
    expect(fresh.frames.find((f) => f.type === 'history')?.messages).toEqual([]);
    c.close();
    original.close();
    fresh.close();
  });

  it('/reload applies live keys, names those that need a restart, and refuses a broken file', async () => {
    const c = await connectReady(box.wsUrl);
    const path = box.app.configPath;
    const original = readFileSync(path, 'utf8');
    const changed = JSON.parse(original);
    changed.llm.temperature = 0.2;
    changed.server = { ...changed.server, port: 9999 };
    writeFileSync(path, JSON.stringify(changed));
    c.send({ type: 'command', command: '/reload', id: 'r1' });
    const ok = await c.waitFor((f) => f.id === 'r1');
    expect(ok.data).toMatchObject({ ok: true, applied: ['llm.temperature'], restart: ['server.port'] });
    expect(box.app.config.llm.temperature).toBe(0.2);
    expect(box.app.config.server.port).toBe(8765);
    writeFileSync(path, JSON.stringify({ ...changed, llm: { ...changed.llm, temperature: 'warm' } }));
    c.send({ type: 'command', command: '/reload', id: 'r2' });
    const bad = await c.waitFor((f) => f.id === 'r2');
    expect(String(bad.content)).toContain('llm.temperature');
    expect(box.app.config.llm.temperature).toBe(0.2);
    writeFileSync(path, original);
    c.close();
  });

  it('task frames add (the original fields work), list every active task, complete and delete', async () => {
    const c = await connectReady(box.wsUrl);
    c.send({
      type: 'task',
      action: 'add',
      title: '喝水',
      content: 'drink',
      delay: 3600,
      repeat_type: 'daily',
    });
    const added = await c.waitType('task_added');
    expect(added).toMatchObject({ title: '喝水', task_id: expect.any(Number) });
    expect(String(added.reminder_time)).toMatch(/^\d{4}-\d\d-\d\dT/);
    c.send({ type: 'task', action: 'add', title: 'later', at: '+2h' });
    const later = await c.waitFor((f) => f.type === 'task_added' && f.title === 'later');
    // A client's reminder_time reaches the schedule (it used to be dropped silently).
    c.send({ type: 'task', action: 'add', title: 'dentist', reminder_time: '2030-01-02 09:00', priority: 5 });
    const dentist = await c.waitFor((f) => f.type === 'task_added' && f.title === 'dentist');
    expect(String(dentist.reminder_time)).toMatch(/^2030-01-02T09:00:00/);
    expect(dentist.task).toMatchObject({ priority: 5 });
    c.send({ type: 'task', action: 'list' });
    const list = await c.waitType('task_list');
    const titles = (list.tasks as { title: string; repeat_type: string }[]).map((t) => [
      t.title,
      t.repeat_type,
    ]);
    expect(titles).toEqual(
      expect.arrayContaining([
        ['喝水', 'daily'],
        ['later', 'none'],
        ['dentist', 'none'],
      ]),
    );
    c.send({ type: 'task', action: 'complete', task_id: added.task_id });
    expect(await c.waitType('task_completed')).toMatchObject({ task_id: added.task_id, advanced: true });
    c.send({ type: 'task', action: 'delete', task_id: String(later.task_id) });
    expect(await c.waitType('task_deleted')).toMatchObject({ task_id: later.task_id });
    // notify over the wire: no chat is allowed on this box, so a target is refused with the reason.
    c.send({ type: 'task', action: 'notify', task_id: dentist.task_id, notify: 'telegram:5' });
    const refused = await c.waitFor((f) => f.type === 'error' && String(f.content).includes('telegram:5'));
    expect(refused.code).toBe('bad_request');
    c.send({ type: 'task', action: 'notify', task_id: dentist.task_id, notify: null });
    expect(await c.waitType('task_updated')).toMatchObject({
      task_id: dentist.task_id,
      task: { notify: null },
    });
    c.send({ type: 'task', action: 'complete', task_id: 99999 });
    expect(await c.waitFor((f) => f.type === 'error' && f.code === 'not_found')).toBeTruthy();
    c.close();
  });

  it('GET /healthz reports version, model and skills, never the key', async () => {
    const res = await fetch(`${box.server.url}/healthz`);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      ok: true,
      version: '0.1.0',
      model: { configured: true, model: 'fake-model' },
    });
    expect(typeof body.skills).toBe('number');
    expect(JSON.stringify(body)).not.toContain('sk-server');
  });

  it('GET /healthz and the page status name no preset whose base URL points elsewhere', async () => {
    const elsewhere = await startBox({ config: { llm: { provider: 'deepseek' } } });
    try {
      const body = (await (await fetch(`${elsewhere.server.url}/healthz`)).json()) as { model: object };
      expect(body.model).toMatchObject({ provider: 'custom', model: 'fake-model' });
      const status = (await (await fetch(`${elsewhere.server.url}/api/status`)).json()) as object;
      expect(status).toMatchObject({ provider: 'custom', model: 'fake-model' });
    } finally {
      await elsewhere.close();
    }
  });
});
