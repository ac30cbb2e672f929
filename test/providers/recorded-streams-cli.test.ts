/**
 * A few recorded vendor streams (test/providers/streams/) end to end through `aibox ask`: what is
 * printed, and the exit code. The first through the built bin as a child process, the others in
 * this process (test/helpers/cli-in-process.ts).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../helpers/cli.js';
import { runInProcess } from '../helpers/cli-in-process.js';
import { type FakeLlm, startFakeLlm } from '../helpers/fake-llm.js';

const recorded = (name: string) => ({ recorded: readFileSync(join(import.meta.dirname, 'streams', name)) });

let llm: FakeLlm;
const homes: string[] = [];
beforeAll(async () => {
  llm = await startFakeLlm();
});
afterAll(async () => {
  await llm.close();
  for (const home of homes) rmSync(home, { recursive: true, force: true });
});

function home(provider: string): string {
  const dir = tempHome('aibox-streams-');
  homes.push(dir);
  const config = { llm: { provider }, skills: { install_examples: false, watch: false } };
  writeFileSync(join(dir, 'config.json'), JSON.stringify(config));
  return dir;
}

const ask = (provider: string, question: string, run: typeof runInProcess = runInProcess) =>
  run(['ask', question], {
    home: home(provider),
    env: { AIBOX_LLM_BASE_URL: llm.baseUrl, AIBOX_LLM_API_KEY: 'sk-fake', AIBOX_LLM_MODEL: 'm' },
  });

// One fake, so these run one after the other (each consumes the steps it scripted).
describe('recorded streams through aibox ask', () => {
  it('Mistral Magistral content parts: prints the answer text, not the thinking, exit 0', async () => {
    llm.script(recorded('mistral-magistral-content-parts.sse'));
    const run = await ask('custom', 'add 2 and 3', runCli);
    expect(run.stdout).toBe('The sum is 5.\n');
    expect(run.stdout + run.stderr).not.toContain('[object Object]');
    expect(run.code).toBe(0);
  }, 60_000);

  it('a vLLM error chunk before [DONE]: exit 1 with the vendor message, nothing on stdout', async () => {
    llm.script(recorded('vllm-error-object.sse'));
    const run = await ask('custom', 'a long question');
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain("This model's maximum context length is 32768 tokens");
  }, 60_000);

  it('Kimi: the tool runs and its id goes back exactly in the next request', async () => {
    const start = llm.requests.length;
    llm.script(recorded('kimi-tool-call-ids.sse'), { text: 'Two files.' });
    const run = await ask('moonshot', 'what is here?');
    expect(run.stderr).toContain('▶ list_files');
    expect(run.stdout).toBe('Let me look.\nTwo files.\n');
    expect(run.code).toBe(0);
    const sent = llm.requests[start + 1]?.body.messages;
    const assistant = sent.find((m: { role: string }) => m.role === 'assistant');
    const tool = sent.find((m: { role: string }) => m.role === 'tool');
    expect(assistant.tool_calls[0].id).toBe('functions.list_files:0');
    expect(tool.tool_call_id).toBe('functions.list_files:0');
  }, 60_000);

  it('GLM broken arguments: asked once more unstreamed, the tool runs with the good ones', async () => {
    const start = llm.requests.length;
    llm.script(
      recorded('glm-broken-arguments.sse'),
      { ...recorded('glm-refetch.json'), contentType: 'application/json' },
      { text: 'Listed.' },
    );
    const run = await ask('zhipu', 'list src');
    expect(run.stderr).toContain('▶ list_files {"path":"src"}');
    expect(run.stdout).toBe('Listed.\n');
    expect(run.code).toBe(0);
    expect(llm.requests.length - start).toBe(3);
    expect(llm.requests[start + 1]?.body.stream).toBeUndefined();
  }, 60_000);
});
