/**
 * `/v1/chat/completions` with pictures, sent by the official `openai` SDK: a `data:` URL
 * `image_url` part reaches the box's model as a shrunk JPEG part; a picture address (never
 * fetched), bytes that are no picture and a truncated picture are refused before any model call.
 */
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataUrlPicture, photoWithExif } from '../../helpers/pictures.js';
import { type Box, startBox } from '../harness.js';

const TOKEN = 'openai-pictures-test-token';
let box: Box;
let client: OpenAI;

beforeAll(async () => {
  box = await startBox({
    config: {
      server: { openai_api: true, token: TOKEN },
      llm: { vision: true },
      media: { max_image_px: 256 },
    },
  });
  client = new OpenAI({ apiKey: TOKEN, baseURL: `${box.server.url}/v1`, maxRetries: 0 });
});
afterAll(() => box?.close());

const ask = (url: string, text = 'What is it?') =>
  client.chat.completions.create({
    model: 'aibox:v1pics',
    messages: [
      {
        role: 'user',
        content: [
          { type: 'text', text },
          { type: 'image_url', image_url: { url } },
        ],
      },
    ],
  });

describe('/v1 pictures', () => {
  it('passes a data: URL picture on to the model, shrunk and re-encoded', async () => {
    const photo = await photoWithExif(1024, 768);
    box.llm.script({ text: 'A blue picture.' });
    const reply = await ask(`data:image/jpeg;base64,${photo.toString('base64')}`);
    expect(reply.choices[0]?.message.content).toBe('A blue picture.');
    const parts = box.llm.requests.at(-1)?.body.messages.at(-1).content;
    expect(parts[0]).toEqual({ type: 'text', text: 'What is it?' });
    const { meta } = await dataUrlPicture(parts[1].image_url.url);
    expect([meta.width, meta.height]).toEqual([256, 192]);
    expect(meta.exif).toBeUndefined();
  });

  it('refuses addresses, non-pictures and broken pictures with bad_picture, before any model call', async () => {
    const photo = await photoWithExif(200, 100);
    const cases = [
      'https://example.com/cat.jpg',
      `data:image/png;base64,${Buffer.from('not a picture at all').toString('base64')}`,
      `data:image/jpeg;base64,${photo.subarray(0, photo.length / 2).toString('base64')}`,
    ];
    const before = box.llm.requests.length;
    for (const url of cases) {
      const error = await ask(url).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OpenAI.BadRequestError);
      expect((error as InstanceType<typeof OpenAI.BadRequestError>).code).toBe('bad_picture');
    }
    expect(box.llm.requests.length).toBe(before);
  });
});
