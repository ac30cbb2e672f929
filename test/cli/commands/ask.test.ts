import { rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../../helpers/cli.js';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { type FakeLlm, startFakeLlm } from '../../helpers/fake-llm.js';
import { dataUrlPicture, photoWithExif } from '../../helpers/pictures.js';

let llm: FakeLlm;
const homes: string[] = [];
beforeAll(async () => {
  llm = await startFakeLlm();
});
afterAll(async () => {
  await llm.close();
  for (const home of homes) rmSync(home, { recursive: true, force: true });
});

function home(extra: Record<string, unknown> = {}): string {
  const dir = tempHome('aibox-ask-');
  homes.push(dir);
  writeFileSync(
    join(dir, 'config.json'),
    JSON.stringify({ skills: { install_examples: false, watch: false }, ...extra }),
  );
  return dir;
}

const env = () => ({
  AIBOX_LLM_BASE_URL: llm.baseUrl,
  AIBOX_LLM_API_KEY: 'sk-fake',
  AIBOX_LLM_MODEL: 'fake-model',
});
const contents = (n: number): string[] =>
  llm.requests[n - 1]?.body.messages.map(
    (m: { role: string; content: string | null }) => `${m.role}:${m.content ?? ''}`,
  );

// The first answer from a real child process; the rest in this process (test/helpers/cli-in-process.ts).
describe('aibox ask', () => {
  it('says when a budget is used up and exits 1, without asking the model again', async () => {
    const dir = home({ budget: { daily_tokens: 100 } });
    llm.script({ text: 'spent', usage: { prompt_tokens: 90, completion_tokens: 30, total_tokens: 120 } });
    const first = await runInProcess(['ask', 'spend it'], { home: dir, env: env() });
    expect(first.code).toBe(0);
    const before = llm.requests.length;
    const refused = await runInProcess(['ask', 'once more'], { home: dir, env: env() });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/budget_exceeded.*token budget for today is used up: 120 of 100/s);
    expect(llm.requests.length).toBe(before);
    const usage = await runInProcess(['usage', '--json', '--by', 'channel'], { home: dir, env: env() });
    expect(JSON.parse(usage.stdout).rows).toEqual([
      expect.objectContaining({ channel: 'cli', total_tokens: 120 }),
    ]);
  }, 120_000);

  it('streams the answer to stdout, tool activity to stderr, and exits 0', async () => {
    const dir = home();
    const start = llm.requests.length;
    llm.script({ toolCalls: [{ name: 'list_files', arguments: {} }] }, { text: 'Here is the answer.' });
    const run = await runCli(['ask', 'what', 'is', 'here?'], { home: dir, env: env() });
    expect(run.stderr).toContain('▶ list_files {}');
    expect(run.stderr).toMatch(/[✓✗] list_files \(\d+ ms\)/);
    expect(run.stdout).toBe('Here is the answer.\n');
    expect(run.code).toBe(0);
    expect(contents(start + 1).slice(1)).toEqual(['user:what is here?']);

    // The `cli` session continues; --new archives it; --session keeps conversations apart.
    llm.script({ text: 'second' });
    expect((await runInProcess(['ask', 'and now?'], { home: dir, env: env() })).code).toBe(0);
    expect(contents(start + 3).at(1)).toBe('user:what is here?');
    expect(contents(start + 3).at(-1)).toBe('user:and now?');

    llm.script({ text: 'fresh' });
    const fresh = await runInProcess(['ask', '--new', 'start over'], { home: dir, env: env() });
    expect(fresh.stdout).toBe('fresh\n');
    expect(contents(start + 4).slice(1)).toEqual(['user:start over']);
  }, 120_000);

  it('exits 1 with the message naming the variable to set when there is no key', async () => {
    const dir = home();
    const run = await runInProcess(['ask', 'hello'], {
      home: dir,
      env: { HOME: dir, AIBOX_LLM_API_KEY: '', DEEPSEEK_API_KEY: '', AIBOX_LLM_BASE_URL: llm.baseUrl },
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('DEEPSEEK_API_KEY');
  }, 60_000);

  it("waits for an MCP server still starting, so the one turn's first model call has its tools", async () => {
    const server = resolve(import.meta.dirname, '../../mcp/fixtures/interop-mcp-server.mjs');
    const dir = home({
      mcp: {
        servers: { slow: { command: process.execPath, args: [server], env: { START_DELAY_MS: '1500' } } },
      },
    });
    const start = llm.requests.length;
    llm.script({ text: 'with tools' });
    const run = await runInProcess(['ask', 'which tools?'], { home: dir, env: env() });
    expect(run.stdout).toBe('with tools\n');
    const offered = (llm.requests[start]?.body.tools ?? []).map(
      (t: { function: { name: string } }) => t.function.name,
    );
    expect(offered).toContain('slow__repo_get');
  }, 60_000);

  it('rejects a bad session name', async () => {
    const dir = home();
    const bad = await runInProcess(['ask', '--session', '../x', 'hi'], { home: dir, env: env() });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('Invalid session name: ../x');
  }, 60_000);

  it('sends --image pictures as image_url parts, shrunk; refuses a file that is no picture', async () => {
    const dir = home({ llm: { vision: true }, media: { max_image_px: 300 } });
    const picture = join(dir, 'shot.jpg');
    writeFileSync(picture, await photoWithExif(900, 600));
    llm.script({ text: 'A blue screenshot.' });
    const run = await runInProcess(['ask', '--image', picture, 'what is this?'], { home: dir, env: env() });
    expect(run.stdout).toContain('A blue screenshot.');
    const parts = llm.requests.at(-1)?.body.messages.at(-1).content;
    expect(parts[0]).toEqual({ type: 'text', text: 'what is this?' });
    const { meta } = await dataUrlPicture(parts[1].image_url.url);
    expect([meta.width, meta.height]).toEqual([300, 200]);

    const text = join(dir, 'notes.png');
    writeFileSync(text, 'plain words');
    const before = llm.requests.length;
    const bad = await runInProcess(['ask', '--lang', 'en', '--image', text, 'and this?'], {
      home: dir,
      env: env(),
    });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('is not a supported picture');
    expect(llm.requests.length).toBe(before);
  }, 60_000);
});
