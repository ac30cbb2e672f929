/**
 * Pictures end to end on a real box: `POST /api/uploads`, a `message` frame naming the upload,
 * and the request the model endpoint really receives (the fake LLM records it): an `image_url`
 * part with a shrunk JPEG without EXIF for a model that sees; for one that cannot, the words
 * of `media.vision_model` (a second fake endpoint) or a note and a one-time hint.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeLlm, startFakeLlm } from '../helpers/fake-llm.js';
import { bombPng, dataUrlPicture, photoWithExif } from '../helpers/pictures.js';
import { type Box, connectReady, personCookie, startBox } from './harness.js';

// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON
async function upload(box: Box, data: Uint8Array, filename: string): Promise<{ status: number; body: any }> {
  const res = await fetch(`${box.server.url}/api/uploads?filename=${encodeURIComponent(filename)}`, {
    method: 'POST',
    headers: { cookie: personCookie(box.server.url) ?? '', 'content-type': 'application/octet-stream' },
    body: data,
  });
  return { status: res.status, body: await res.json() };
}

// biome-ignore lint/suspicious/noExplicitAny: the recorded request body
const userParts = (body: any) => body.messages.at(-1).content;

describe('pictures to a model that sees', () => {
  let box: Box;
  beforeAll(async () => {
    box = await startBox({ config: { llm: { vision: true }, media: { max_image_px: 512 } } });
  });
  afterAll(() => box?.close());

  it('sends the uploaded picture as an image_url part, shrunk to max_image_px, EXIF gone', async () => {
    const photo = await photoWithExif(2400, 1600);
    const up = await upload(box, photo, 'holiday.jpg');
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({
      kind: 'image',
      bytes: photo.length,
      picture: { width: 512, height: 341 },
    });

    const c = await connectReady(`${box.wsUrl}/?session=pics`);
    box.llm.script({ text: 'A blue square.' });
    const from = c.frames.length;
    c.send({ type: 'message', content: 'What is this?', attachments: [{ upload: up.body.id }] });
    const queued = await c.waitFor((f) => f.type === 'queued', { from });
    await c.waitFor((f) => f.type === 'complete' && f.turn_id === queued.turn_id);

    const parts = userParts(box.llm.requests.at(-1)?.body);
    expect(parts[0]).toEqual({ type: 'text', text: 'What is this?' });
    expect(parts[1].type).toBe('image_url');
    const { bytes, meta } = await dataUrlPicture(parts[1].image_url.url);
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(512);
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('SECRET-EXIF-OWNER'))).toBe(false);

    // The stored message keeps a reference; a v1 client sees it in history and can fetch the picture.
    const again = await connectReady(`${box.wsUrl}/?session=pics`);
    const history = again.ofType('history')[0] as unknown as {
      messages: { role: string; attachments?: unknown[] }[];
    };
    const user = history.messages.find((m) => m.role === 'user');
    expect(user?.attachments).toEqual([
      {
        kind: 'image',
        id: up.body.picture.id,
        name: 'holiday.jpg',
        width: 512,
        height: 341,
        bytes: up.body.picture.bytes,
      },
    ]);
    const row = box.app.db
      .prepare("SELECT attachments FROM messages WHERE role = 'user' AND content = 'What is this?'")
      .get() as {
      attachments: string;
    };
    expect(row.attachments.length).toBeLessThan(400);
    const picture = await fetch(`${box.server.url}/api/pictures/${up.body.picture.id}`);
    expect(picture.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await picture.arrayBuffer())).toEqual(bytes);
    c.close();
    again.close();
  });

  it('stores a picture sent twice once, and the original clients see no attachments', async () => {
    const photo = await photoWithExif(300, 200);
    const a = await upload(box, photo, 'a.jpg');
    const b = await upload(box, photo, 'b.jpg');
    expect(a.body.picture.id).toBe(b.body.picture.id);
    const legacy = await connectReady(`${box.wsUrl}/?session=pics`, { protocols: [] });
    const history = legacy.ofType('history')[0] as unknown as { messages: Record<string, unknown>[] };
    expect(history.messages.some((m) => 'attachments' in m)).toBe(false);
    legacy.close();
  });

  it('refuses hostile pictures with a clear error and takes no upload id twice', async () => {
    const photo = await photoWithExif(800, 600);
    const truncated = await upload(box, photo.subarray(0, Math.floor(photo.length / 2)), 'cut.jpg');
    expect(truncated.status).toBe(400);
    expect(truncated.body.error.code).toBe('bad_picture');
    const bomb = await upload(box, await bombPng(8000), 'bomb.png');
    expect(bomb.status).toBe(400);
    expect(bomb.body.error.message).toMatch(/pixel/i);
    // Named like a picture, but its bytes are text: a file, saved under chat-files and named.
    const fake = await upload(box, Buffer.from('just some text, not a picture'), 'photo.png');
    expect(fake.body.kind).toBe('file');

    const c = await connectReady(`${box.wsUrl}/?session=hostile`);
    box.llm.script({ text: 'ok' });
    c.send({ type: 'message', content: 'here', attachments: [{ upload: fake.body.id }], id: 1 });
    await c.waitFor((f) => f.type === 'complete');
    expect(userParts(box.llm.requests.at(-1)?.body)).toMatch(/chat-files\/\d{8}T\d{6}-photo\.png/);
    const from = c.frames.length;
    c.send({ type: 'message', content: 'again', attachments: [{ upload: fake.body.id }], id: 2 });
    const refused = await c.waitFor((f) => f.type === 'error', { from });
    expect(refused).toMatchObject({ code: 'upload_not_found', id: 2 });
    c.close();
  });

  it('refuses an upload over media.max_upload_bytes while it arrives', async () => {
    box.app.config.media.max_upload_bytes = 4096;
    try {
      const big = await upload(box, new Uint8Array(10_000), 'big.bin');
      expect(big.status).toBe(413);
    } finally {
      box.app.config.media.max_upload_bytes = 20 * 1024 * 1024;
    }
  });
});

describe('pictures to a model that cannot see', () => {
  let box: Box;
  let vision: FakeLlm;
  beforeAll(async () => {
    vision = await startFakeLlm();
    box = await startBox({
      config: {
        llm: { vision: false },
        media: { vision_model: { base_url: vision.baseUrl, model: 'fake-vl', api_key_env: '' } },
      },
    });
  });
  afterAll(async () => {
    await box?.close();
    await vision?.close();
  });

  it('has media.vision_model describe it, and sends the chat model the words', async () => {
    vision.script({ text: 'A blue rectangle with nothing in it.' });
    const up = await upload(box, await photoWithExif(640, 480), 'scan.jpg');
    const c = await connectReady(`${box.wsUrl}/?session=blind`);
    box.llm.script({ text: 'It is blue.' });
    c.send({ type: 'message', content: 'What colour?', attachments: [{ upload: up.body.id }] });
    await c.waitFor((f) => f.type === 'complete');

    const asked = vision.requests.at(-1)?.body;
    expect(asked.model).toBe('fake-vl');
    expect(asked.messages[0].content[1].image_url.url).toMatch(/^data:image\/jpeg;base64,/);
    const sent = userParts(box.llm.requests.at(-1)?.body);
    expect(typeof sent).toBe('string');
    expect(sent).toContain('A blue rectangle with nothing in it.');
    expect(JSON.stringify(box.llm.requests.at(-1)?.body)).not.toContain('image_url');

    // The description is kept with the picture: the next turn does not ask again.
    const asks = vision.requests.length;
    box.llm.script({ text: 'Still blue.' });
    await c.chat('And now?');
    expect(vision.requests.length).toBe(asks);
    expect(JSON.stringify(box.llm.requests.at(-1)?.body.messages)).toContain('A blue rectangle');
    c.close();
  });

  it('with no vision model: tells the model where the picture is and the person once how to enable pictures', async () => {
    box.app.config.media.vision_model.base_url = '';
    const c = await connectReady(`${box.wsUrl}/?session=none`);
    for (const n of [1, 2]) {
      const up = await upload(box, await photoWithExif(100 + n, 100), `p${n}.jpg`);
      box.llm.script({ text: 'I cannot see it.' });
      c.send({ type: 'message', content: `look ${n}`, attachments: [{ upload: up.body.id }] });
      await c.waitFor((f) => f.type === 'complete' && c.ofType('complete').length === n);
    }
    expect(userParts(box.llm.requests.at(-1)?.body)).toMatch(
      /cannot see pictures; saved at .*pictures\/[0-9a-f]{64}\.jpg/,
    );
    const hints = c.ofType('info').filter((f) => String(f.content).includes('llm.vision'));
    expect(hints).toHaveLength(1);
    c.close();
  });
});
