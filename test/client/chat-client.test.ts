/**
 * `aibox chat` against this server and against the original server's frames: as a real child
 * process (a pipe, a terminal, a server that restarts), and in this process (runInProcess) for the
 * rest of what it shows.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { startServer } from '../../src/server/start-server.js';
import { CLI_PATH, runCli, tempHome, watchOutput } from '../helpers/cli.js';
import { runInProcess } from '../helpers/cli-in-process.js';
import { photoWithExif } from '../helpers/pictures.js';
import { type Box, connectReady, startBox } from '../server/harness.js';

/** `aibox chat ARGS` with `input` on stdin (chat reads no config; the home is just kept apart). */
function chat(args: string[], input: string, run = runInProcess) {
  return run(['chat', ...args], { home: tempHome(), input });
}

describe('aibox chat', () => {
  let box: Box;
  beforeAll(async () => {
    // A client without a token is refused when its auth frame does not come: 1 s here, not 5.
    box = await startBox({
      config: { server: { token: 'chat-token-1234' } },
      server: { authTimeoutMs: 1000 },
    });
  });
  afterAll(async () => {
    await box?.close();
  });

  it('streams an answer, shows tool activity compactly, passes slash commands, and shows history', async () => {
    box.llm.script(
      { toolCalls: [{ name: 'run_command', arguments: { command: 'seq 1 20' } }] },
      { text: 'Counted to twenty.' },
    );
    const run = await chat(
      [box.wsUrl, '--token', 'chat-token-1234', '--session', 'cli-test'],
      'count for me\n/skills\n',
      runCli,
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('✅ Connected to AI server');
    expect(run.stdout).not.toContain('✅ ✅');
    // The prompt is drawn again after a command's reply, not only after an answer.
    expect(run.stdout).toMatch(/📋[^>]*\n> /);
    expect(run.stdout).toContain('🔧 run_command $ seq 1 20');
    expect(run.stdout).toMatch(/│ 20\n/);
    expect(run.stdout).not.toMatch(/│ 3\n/); // folded to the last lines
    expect(run.stdout).toMatch(/✅ ↳ exit 0/);
    expect(run.stdout).toContain('AI: Counted to twenty.');
    expect(run.stdout).toContain('📋');

    const again = await chat([box.wsUrl, '--token', 'chat-token-1234', '--session', 'cli-test'], '');
    expect(again.stdout).toContain('you: count for me');
    expect(again.stdout).toContain('AI: Counted to twenty.');
    const c = await connectReady(`${box.wsUrl}/?session=cli-test`, {
      headers: { authorization: 'Bearer chat-token-1234' },
    });
    expect(c.frames.find((f) => f.type === 'history')?.messages).toHaveLength(4);
    c.close();
  }, 120_000);

  it('/image FILE words uploads the picture and sends it with the words; a file that is no picture is refused here', async () => {
    const dir = tempHome();
    writeFileSync(join(dir, 'shot.jpg'), await photoWithExif(640, 480));
    writeFileSync(join(dir, 'notes.png'), 'words, not a picture');
    box.app.config.llm.vision = true;
    try {
      box.llm.script({ text: 'A blue shot.' });
      const run = await chat(
        [box.wsUrl, '--token', 'chat-token-1234', '--session', 'cli-image', '--lang', 'en'],
        `/image ${join(dir, 'notes.png')}\n/image ${join(dir, 'shot.jpg')} what is on it?\n`,
      );
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('The picture was not sent:');
      expect(run.stdout).toContain('AI: A blue shot.');
      const parts = box.llm.requests.at(-1)?.body.messages.at(-1).content;
      expect(parts[0]).toEqual({ type: 'text', text: 'what is on it?' });
      expect(parts[1].image_url.url).toMatch(/^data:image\/jpeg;base64,/);
    } finally {
      box.app.config.llm.vision = 'auto';
    }
  }, 120_000);

  it('Ctrl-C aborts the running turn; Ctrl-C twice exits', async () => {
    box.llm.script({
      toolCalls: [
        { name: 'run_command', arguments: { command: 'echo started; exec sleep 30', timeout: 60 } },
      ],
    });
    const command = [
      process.execPath,
      CLI_PATH,
      'chat',
      box.wsUrl,
      '--token',
      'chat-token-1234',
      '--session',
      'ctrl-c',
    ]
      .map((a) => `'${a}'`)
      .join(' ');
    // A real terminal (pty) through util-linux `script`, so readline sees Ctrl-C as a key.
    const child = spawn('script', ['-qfec', command, '/dev/null'], {
      env: { ...process.env, AIBOX_LANG: 'en' },
    });
    const { seen, exited } = watchOutput(child);
    await seen('Connected to AI server');
    child.stdin.write('sleep please\r');
    await seen('run_command $ echo started');
    await seen('started');
    child.stdin.write('\x03');
    await seen('Aborting');
    await seen('❌');
    child.stdin.write('\x03');
    child.stdin.write('\x03');
    expect(await exited).toBe(0);
    const c = await connectReady(`${box.wsUrl}/?session=ctrl-c`, {
      headers: { authorization: 'Bearer chat-token-1234' },
    });
    expect(c.frames.find((f) => f.type === 'history')?.messages).toEqual(
      expect.arrayContaining([expect.objectContaining({ role: 'user', content: 'sleep please' })]),
    );
    c.close();
  }, 120_000);

  it('draws the prompt again under a notice that comes while it waits for input', async () => {
    const command = [process.execPath, CLI_PATH, 'chat', box.wsUrl, '--token', 'chat-token-1234']
      .map((a) => `'${a}'`)
      .join(' ');
    // A real terminal (pty), where readline draws the prompt and the user's line.
    const child = spawn('script', ['-qfec', command, '/dev/null'], {
      env: { ...process.env, AIBOX_LANG: 'en' },
    });
    const { seen, exited } = watchOutput(child);
    try {
      await seen(/Prompts directory[^\n]*\n[\s\S]*> /);
      writeFileSync(
        join(box.app.paths.skills, 'idle-note.md'),
        '# Idle note\n\nA guide that arrives later.\n',
      );
      await box.app.skills.reload();
      await seen(/🧩 \+1[^\n]*\n[\s\S]*> /);
      child.stdin.write('\x03');
      child.stdin.write('\x03');
      expect(await exited).toBe(0);
    } finally {
      child.kill(); // no terminal left behind when the prompt never came back
    }
  }, 60_000);

  it('reconnects with back-off after the server restarts and shows the history again', async () => {
    const other = await startBox();
    other.llm.script({ text: 'before the restart' });
    const child = spawn(process.execPath, [CLI_PATH, 'chat', other.wsUrl, '--session', 'rc'], {
      env: { ...process.env, AIBOX_LANG: 'en' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const { seen, exited } = watchOutput(child);
    child.stdin.write('hello there\n');
    await seen(/AI: before the restart/);
    const port = other.server.port;
    await other.server.close();
    await seen(/reconnecting in/);
    const restarted = await startServer(other.app, { host: '127.0.0.1', port, heartbeatMs: 0 });
    await seen(/Connected to AI server[\s\S]*Connected to AI server[\s\S]*you: hello there/);
    child.stdin.end();
    expect(await exited).toBe(0);
    await restarted.close();
    await other.app.close();
    await other.llm.close();
  }, 120_000);

  it("finds a loopback box's token in the config.json of its data dir, without --token", async () => {
    box.llm.script({ text: 'found you' });
    const run = await runInProcess(['chat', box.wsUrl, '--session', 'own-token'], {
      home: box.home,
      input: 'hi\n',
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('AI: found you');
    // Another data dir holds no token: the server refuses.
    const stranger = await chat([box.wsUrl, '--session', 'own-token'], '');
    expect(stranger.code).toBe(1);
    expect(stranger.stdout).toContain('Authentication failed');
  }, 60_000);

  it('exits 1 and says so when the token is wrong', async () => {
    const run = await chat([box.wsUrl, '--token', 'wrong'], '');
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('Authentication failed');
  }, 60_000);

  it("reads the original Python server's frames (line, chunk, complete)", async () => {
    const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    wss.on('connection', (ws) => {
      const send = (type: string, fields: Record<string, unknown>) =>
        ws.send(JSON.stringify({ type, ...fields }));
      send('connection_ack', { message: '✅ 已连接到AI服务器', timestamp: '2025-01-01 10:00:00' });
      send('info', { content: '📁 数据存储目录: /home/u/.aibox' });
      // A type the protocol does not have: shown by its text, not dropped.
      send('memo_reminder', { content: '⏰ 提醒：喝水' });
      ws.on('message', (data) => {
        const frame = JSON.parse(data.toString()) as { type: string; content?: string };
        if (frame.type !== 'message') return;
        send('line', { content: '\n🔧 调用工具: get_current_time\n' });
        send('chunk', { content: '现在是' });
        send('chunk', { content: '十点。' });
        send('complete', { content: '现在是十点。' });
      });
    });
    await new Promise((r) => wss.once('listening', r));
    const { port } = wss.address() as AddressInfo;
    const run = await chat([`ws://127.0.0.1:${port}`], '几点了\n');
    wss.close();
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('✅ 已连接到AI服务器');
    expect(run.stdout).toContain('🔧 调用工具: get_current_time');
    expect(run.stdout).toContain('AI: 现在是十点。');
    expect(run.stdout).toContain('⏰ 提醒：喝水');
  }, 60_000);
});
