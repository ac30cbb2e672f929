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

  it('keeps reasoning_content only when the preset echoes it', async () => {
    fake.llm.script({ reasoning: 'hmm', text: 'a' }, { reasoning: 'hmm', text: 'b' });
    const deepseek = await turn({ provider: fakeProvider(fake.llm, { provider: 'deepseek' }) }).done;
    const custom = await turn().done;
    expect(deepseek.messages).toEqual([{ role: 'assistant', content: 'a', reasoning_content: 'hmm' }]);
    expect(custom.messages).toEqual([{ role: 'assistant', content: 'b' }]);
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
