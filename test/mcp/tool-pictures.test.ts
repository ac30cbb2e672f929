/**
 * Pictures an MCP tool returns reach the box's model in the same turn: server-everything's
 * `get-tiny-image` (a real PNG over stdio), a turn asked through `/v1` with the `openai` SDK, the
 * fake LLM recording what the model is sent. A model that sees gets the picture (checked, shrunk,
 * re-encoded as JPEG) after the round's tool results; one that cannot is told so; the picture is
 * not kept in the history, whose tool result keeps its note.
 */
import OpenAI from 'openai';
import { afterAll, describe, expect, it } from 'vitest';
import { dataUrlPicture } from '../helpers/pictures.js';
import { type Box, startBox } from '../server/harness.js';
import { everythingStdio } from './servers.js';

const TOKEN = 'tool-pictures-token';
const boxes: Box[] = [];
afterAll(async () => {
  await Promise.all(boxes.map((box) => box.close()));
});

async function boxWith(vision: boolean) {
  const box = await startBox({
    config: {
      llm: { vision },
      server: { openai_api: true, token: TOKEN },
      mcp: { servers: { everything: everythingStdio() } },
      safety: { rules: [{ tool: 'mcp', command: 'everything__*', decision: 'allow' }] },
    },
  });
  boxes.push(box);
  const client = new OpenAI({ apiKey: TOKEN, baseURL: `${box.server.url}/v1`, maxRetries: 0 });
  const ask = (content: string) =>
    client.chat.completions.create({ model: 'aibox:pictures', messages: [{ role: 'user', content }] });
  return { box, ask };
}

// biome-ignore lint/suspicious/noExplicitAny: the recorded request bodies are plain JSON
type Message = any;
const afterToolResult = (messages: Message[]) => messages[messages.findIndex((m) => m.role === 'tool') + 1];

describe('pictures from MCP tools', () => {
  it('reach a model that sees, after the tool results, and are not kept in the history', async () => {
    const { box, ask } = await boxWith(true);
    box.llm.script(
      { toolCalls: [{ name: 'everything__get-tiny-image', arguments: {} }] },
      { text: 'It is the MCP logo.' },
    );
    const reply = await ask('Show me the tiny image');
    expect(reply.choices[0]?.message.content).toBe('It is the MCP logo.');
    const sent: Message[] = box.llm.requests.at(-1)?.body.messages;
    const result = sent.find((m) => m.role === 'tool');
    expect(result.content).toContain(
      "[image: image/png, about 4035 bytes, given after this round's tool results]",
    );
    const shown = afterToolResult(sent);
    expect(shown.role).toBe('user');
    expect(shown.content[0]).toEqual({
      type: 'text',
      text: '[Pictures the tool everything__get-tiny-image returned:]',
    });
    const { meta } = await dataUrlPicture(shown.content[1].image_url.url);
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 20, 20]);

    // The next turn has the tool result's note, not the picture again.
    box.llm.script({ text: 'Still the logo.' });
    await ask('And now?');
    const later = JSON.stringify(box.llm.requests.at(-1)?.body.messages);
    expect(later).toContain('given after this round');
    expect(later).not.toContain('image_url');
  });

  it('are named to a model that cannot see, with where they are saved', async () => {
    const { box, ask } = await boxWith(false);
    box.llm.script(
      { toolCalls: [{ name: 'everything__get-tiny-image', arguments: {} }] },
      { text: 'I cannot see it.' },
    );
    await ask('Show me the tiny image');
    const shown = afterToolResult(box.llm.requests.at(-1)?.body.messages);
    expect(shown.role).toBe('user');
    expect(shown.content).toContain('[Pictures the tool everything__get-tiny-image returned:]');
    expect(shown.content).toMatch(
      /Picture everything__get-tiny-image\.jpg received, but this model cannot see pictures; saved at \S+pictures/,
    );
  });
});
