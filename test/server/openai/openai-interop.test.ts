/**
 * What OpenAI clients in the wild need of `/v1`, with the real `openai` SDK (and plain fetch for
 * what a browser does): CORS for listed origins (preflight without the token), refusals of what
 * the box cannot honour (caller tools, n > 1, a history ending in a tool result) before any model
 * call, OpenAI-shaped errors on every path (unknown routes, 413), sessions chosen per
 * conversation, and the text before a tool call kept in the whole answer.
 */
import OpenAI, { APIError } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Box, startBox } from '../harness.js';

const TOKEN = 'openai-interop-test-token';
const ORIGIN = 'http://chat.example.test:3210';
let box: Box;
let client: OpenAI;

beforeAll(async () => {
  box = await startBox({
    config: {
      server: { openai_api: true, token: TOKEN, allowed_origins: [ORIGIN], max_body_bytes: 64 * 1024 },
    },
  });
  client = new OpenAI({ apiKey: TOKEN, baseURL: `${box.server.url}/v1`, maxRetries: 0 });
});
afterAll(async () => {
  await box?.close();
});

const user = (content: string) => ({ role: 'user' as const, content });

describe('/v1 CORS', () => {
  it('answers a preflight from a listed origin without the token, naming the headers asked for', async () => {
    const response = await fetch(`${box.server.url}/v1/chat/completions`, {
      method: 'OPTIONS',
      headers: {
        origin: ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, x-stainless-os',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(response.headers.get('access-control-allow-headers')).toBe(
      'authorization, content-type, x-stainless-os',
    );
    expect(response.headers.get('vary')).toContain('Origin');
  });

  it('sends the origin back on answers and on refusals, so the page can read them', async () => {
    box.llm.script({ text: 'from the browser' });
    const ok = await fetch(`${box.server.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { origin: ORIGIN, authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'aibox:cors', messages: [user('hi')] }),
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    box.llm.script({ text: 'streamed to the browser' });
    const streamed = await fetch(`${box.server.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { origin: ORIGIN, authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'aibox:cors', messages: [user('hi')], stream: true }),
    });
    expect(streamed.headers.get('content-type')).toContain('text/event-stream');
    expect(streamed.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(await streamed.text()).toContain('[DONE]');
    const refused = await fetch(`${box.server.url}/v1/models`, { headers: { origin: ORIGIN } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(await refused.json()).toMatchObject({
      error: { code: 'invalid_api_key', type: 'invalid_request_error' },
    });
  });

  it('gives an origin that is not listed no CORS headers, and refuses a foreign one in the OpenAI shape', async () => {
    const own = await fetch(`${box.server.url}/v1/models`, {
      method: 'OPTIONS',
      headers: { origin: box.server.url, 'access-control-request-method': 'GET' },
    });
    expect(own.status).toBe(204);
    expect(own.headers.get('access-control-allow-origin')).toBeNull();
    const foreign = await fetch(`${box.server.url}/v1/models`, {
      method: 'OPTIONS',
      headers: { origin: 'http://evil.example.test', 'access-control-request-method': 'GET' },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    expect(await foreign.json()).toMatchObject({
      error: { code: 'forbidden_origin', type: 'invalid_request_error', param: null },
    });
  });
});

describe('/v1 refuses what it cannot honour, before any model call', () => {
  const refusedWith = async (body: Record<string, unknown>, expected: Record<string, unknown>) => {
    const before = box.llm.requests.length;
    await expect(
      client.chat.completions.create({ model: 'aibox:refusals', ...body } as never),
    ).rejects.toMatchObject({ status: 400, type: 'invalid_request_error', ...expected });
    expect(box.llm.requests.length).toBe(before);
  };
  const weather = {
    type: 'function' as const,
    function: { name: 'get_weather', parameters: { type: 'object', properties: {} } },
  };

  it('caller-supplied tools, a tool_choice naming one, and n > 1', async () => {
    await refusedWith(
      { messages: [user('weather?')], tools: [weather] },
      { code: 'unsupported_parameter', param: 'tools' },
    );
    await refusedWith(
      { messages: [user('weather?')], tool_choice: { type: 'function', function: { name: 'x' } } },
      { code: 'unsupported_parameter', param: 'tool_choice' },
    );
    await refusedWith(
      { messages: [user('two please')], n: 2 },
      { code: 'unsupported_parameter', param: 'n' },
    );
    // Tools the caller says not to use, and n = 1, are fine.
    box.llm.script({ text: 'no tools needed' });
    const reply = await client.chat.completions.create({
      model: 'aibox:refusals',
      messages: [user('plain')],
      tools: [weather],
      tool_choice: 'none',
      n: 1,
    });
    expect(reply.choices[0]?.message.content).toBe('no tools needed');
    expect(
      box.llm.requests.at(-1)?.body.tools?.map((t: { function: { name: string } }) => t.function.name),
    ).not.toContain('get_weather');
  });

  it('a history ending in a tool result does not run the last user message again', async () => {
    await refusedWith(
      {
        messages: [
          user('weather?'),
          {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{}' } }],
          },
          { role: 'tool', tool_call_id: 'c1', content: 'sunny' },
        ],
      },
      { code: 'last_message_not_user', param: 'messages' },
    );
    await refusedWith(
      { messages: [user('go on'), { role: 'assistant', content: 'Once upon' }] },
      { code: 'last_message_not_user', param: 'messages' },
    );
  });
});

describe('/v1 errors in the OpenAI shape everywhere', () => {
  it('models by id, and routes the box does not have', async () => {
    expect(await client.models.retrieve('aibox:some-session')).toMatchObject({
      id: 'aibox:some-session',
      object: 'model',
    });
    expect(await client.models.retrieve('aibox')).toMatchObject({ id: 'aibox', owned_by: 'aibox' });
    await expect(client.models.retrieve('gpt-4o')).rejects.toMatchObject({
      status: 404,
      code: 'model_not_found',
      type: 'invalid_request_error',
      param: 'model',
    });
    await expect(client.embeddings.create({ model: 'aibox', input: 'x' })).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
      type: 'invalid_request_error',
    });
    await expect(client.responses.create({ model: 'aibox', input: 'x' })).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
    });
    const raw = await fetch(`${box.server.url}/v1/embeddings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(raw.headers.get('content-type')).toContain('application/json');
    const body = (await raw.json()) as { error: Record<string, unknown> };
    expect(Object.keys(body.error).sort()).toEqual(['code', 'message', 'param', 'type']);
    expect(body.error.message).toContain('/v1/chat/completions');
    const get = await fetch(`${box.server.url}/v1/files`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(get.status).toBe(404);
    expect(await get.json()).toMatchObject({ error: { code: 'not_found', type: 'invalid_request_error' } });
  });

  it('a body over server.max_body_bytes: 413 with type, param and code', async () => {
    const error = await client.chat.completions
      .create({ model: 'aibox', messages: [user('x'.repeat(70 * 1024))] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIError);
    expect(error).toMatchObject({
      status: 413,
      code: 'too_large',
      type: 'invalid_request_error',
      param: null,
    });
    expect((error as APIError).message).toMatch(/65536|64 KiB|bytes/);
  });
});

describe('/v1 sessions per conversation', () => {
  const answers = (n: number) => box.llm.waitForRequest(n);
  const contents = (request: Awaited<ReturnType<typeof answers>>) =>
    (request.body.messages as { content: string }[]).map((m) => m.content);

  it('a conversation comes back to its session; another conversation gets its own', async () => {
    box.llm.script({ text: 'A1' }, { text: 'B1' }, { text: 'A2' });
    const n = box.llm.requests.length;
    await client.chat.completions.create({ model: 'aibox', messages: [user('conversation A opens')] });
    await client.chat.completions.create({ model: 'aibox', messages: [user('conversation B opens')] });
    const reply = await client.chat.completions.create({
      model: 'aibox',
      messages: [user('conversation A opens'), { role: 'assistant', content: 'A1' }, user('A goes on')],
    });
    expect(reply.choices[0]?.message.content).toBe('A2');
    const third = contents(await answers(n + 3));
    expect(third).toEqual(expect.arrayContaining(['conversation A opens', 'A1', 'A goes on']));
    expect(third).not.toContain('conversation B opens');
    const ids = (await client.models.list()).data.map((m) => m.id).filter((id) => id.startsWith('aibox:v1-'));
    expect(ids.length).toBeGreaterThanOrEqual(2);
    expect(box.app.sessions.ids()).not.toContain('main');
  });

  it('the same opening with another `user` is another session; X-Aibox-Session names one', async () => {
    box.llm.script({ text: 'for alice' }, { text: 'for bob' }, { text: 'named' }, { text: 'named again' });
    const n = box.llm.requests.length;
    await client.chat.completions.create({ model: 'aibox', user: 'alice', messages: [user('hello')] });
    await client.chat.completions.create({ model: 'aibox', user: 'bob', messages: [user('hello')] });
    expect(contents(await answers(n + 2))).not.toContain('for alice');

    const named = new OpenAI({
      apiKey: TOKEN,
      baseURL: `${box.server.url}/v1`,
      maxRetries: 0,
      defaultHeaders: { 'X-Aibox-Session': 'my-chat' },
    });
    await named.chat.completions.create({ model: 'aibox', messages: [user('first words')] });
    await named.chat.completions.create({ model: 'aibox', messages: [user('other first words')] });
    expect(contents(await answers(n + 4))).toEqual(expect.arrayContaining(['first words', 'named']));
    expect(box.app.sessions.ids()).toContain('my-chat');
    await expect(
      new OpenAI({
        apiKey: TOKEN,
        baseURL: `${box.server.url}/v1`,
        maxRetries: 0,
        defaultHeaders: { 'X-Aibox-Session': 'no spaces/here' },
      }).chat.completions.create({ model: 'aibox', messages: [user('x')] }),
    ).rejects.toMatchObject({ status: 400, code: 'invalid_request' });
  });
});

describe('/v1 answer text around tool calls', () => {
  const script = () =>
    box.llm.script(
      { text: 'Let me check the time.', toolCalls: [{ id: 't1', name: 'get_current_time', arguments: {} }] },
      { text: 'It is noon.' },
    );

  it('the whole answer keeps what the model said before the tool call, as the stream does', async () => {
    script();
    const whole = await client.chat.completions.create({
      model: 'aibox:tools-whole',
      messages: [user('time?')],
    });
    expect(whole.choices[0]?.message.content).toBe('Let me check the time.\n\nIt is noon.');
    expect(whole.choices[0]?.finish_reason).toBe('stop');

    script();
    const stream = await client.chat.completions.create({
      model: 'aibox:tools-stream',
      messages: [user('time?')],
      stream: true,
    });
    let streamed = '';
    for await (const chunk of stream) streamed += chunk.choices[0]?.delta.content ?? '';
    expect(streamed).toBe('Let me check the time.\n\nIt is noon.');
  });
});
