/**
 * runTurn against the HTTP fake, for what depends on the vendor's wire: tool definitions as the
 * request body carries them, reasoning echoed per preset, HTTP and key failures, and an abort
 * that closes the connection. The loop itself is tested in-process in run-turn.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { fakeProvider } from '../helpers/fake-llm-provider.js';
import { ECHO_PARAMETERS, useTurnLlm } from './turn-harness.js';

const fake = useTurnLlm();
const turn = fake.turn;

describe('runTurn on the wire', () => {
  it('sends the tool definitions as OpenAI function tools, in order', async () => {
    fake.llm.script({ text: 'fine' });
    await turn().done;
    const [first] = fake.llm.requests;
    expect(first?.body.tools[0]).toEqual({
      type: 'function',
      function: {
        name: 'echo',
        description: 'Echo the text back',
        parameters: ECHO_PARAMETERS,
      },
    });
    expect(first?.body.tools.map((t: { function: { name: string } }) => t.function.name)).toEqual([
      'echo',
      'boom',
      'finish',
    ]);
  });

  it('keeps reasoning on the message; sends it back per preset or once the stream sent reasoning_content', async () => {
    const reasoned = { reasoning: 'hmm', toolCalls: [{ name: 'echo', arguments: { text: 'x' } }] };
    const assistantSent = (n: number) =>
      fake.llm.requests[n]?.body.messages.find((m: { role: string }) => m.role === 'assistant');
    // `qwen` knows no echo, and its stream said reasoning_content: sent back in round two.
    fake.llm.script(reasoned, { text: 'a' });
    const qwen = await turn({ provider: fakeProvider(fake.llm, { provider: 'qwen' }) }).done;
    expect(qwen.messages[0]).toMatchObject({ role: 'assistant', content: null, reasoning_content: 'hmm' });
    expect(assistantSent(1)).toMatchObject({ reasoning_content: 'hmm' });
    // `deepseek` sends it back by default.
    fake.llm.script(reasoned, { text: 'b' });
    await turn({ provider: fakeProvider(fake.llm, { provider: 'deepseek' }) }).done;
    expect(assistantSent(3)).toMatchObject({ reasoning_content: 'hmm' });
  });

  it('maps provider failures: 401 → llm_error, no key → llm_unavailable naming the variable', async () => {
    fake.llm.script({ status: 401 });
    expect(await turn().done).toMatchObject({ status: 'error', code: 'llm_error' });
    const noKey = fakeProvider(fake.llm, { api_key_env: 'MISSING_KEY_VAR' });
    const result = await turn({ provider: noKey }).done;
    expect(result).toMatchObject({ status: 'error', code: 'llm_unavailable', messages: [] });
    expect(result.status === 'error' && result.message).toContain('MISSING_KEY_VAR');
  });

  it('abort while the model streams: partial text is kept, the turn ends with aborted', async () => {
    fake.llm.script({ stall: 'mid-stream' });
    const { controller, waitFor, done } = turn();
    await waitFor('text_delta');
    controller.abort();
    const result = await done;
    expect(result).toMatchObject({ status: 'error', code: 'aborted' });
    expect(result.messages).toEqual([{ role: 'assistant', content: 'thinking' }]);
    await fake.llm.waitForClosed(1);
  });
});
