/**
 * Pictures in the compression estimate: the documented per-picture figures (OpenAI's tiles,
 * Qwen-VL's 28 × 28 patches, the larger of the two), hostile sizes, the newest eight only, and a
 * real session that compresses because of its pictures where its text alone would not.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { StoredAttachment } from '../../src/conversations/types.js';
import { estimateHistoryPictureTokens, estimatePictureTokens } from '../../src/session/picture-tokens.js';
import { createFixture, type Fixture } from './fixture.js';

const picture = (width: unknown, height: unknown): StoredAttachment =>
  ({ kind: 'image', id: 'a'.repeat(64), name: 'p.jpg', width, height, bytes: 1000 }) as StoredAttachment;

describe('picture tokens', () => {
  it('takes the larger of the OpenAI tile figure and one token per 28 × 28 pixels', () => {
    // 512 × 512: one tile (85 + 170 = 255) against 19 × 19 = 361 patches.
    expect(estimatePictureTokens(512, 512)).toBe(361);
    // 1568 × 1176 (media.max_image_px, 4:3): OpenAI 1024 × 768 → 4 tiles = 765; Qwen 56 × 42 = 2352.
    expect(estimatePictureTokens(1568, 1176)).toBe(2352);
    // A thin strip (never scaled up): OpenAI 4 × 1 tiles = 765 > Qwen 74 × 2 = 148.
    expect(estimatePictureTokens(2048, 40)).toBe(765);
    expect(estimatePictureTokens(1, 1)).toBe(255);
  });

  it('counts a size that is not a sane number as the largest picture, and clamps absurd ones', () => {
    const unknown = estimatePictureTokens(2048, 2048);
    for (const bad of [Number.NaN, -5, 0, '1568', null, undefined, Number.POSITIVE_INFINITY, {}])
      expect(estimatePictureTokens(bad, 100)).toBe(estimatePictureTokens(2048, 100));
    expect(estimatePictureTokens(undefined, undefined)).toBe(unknown);
    expect(estimatePictureTokens(1e12, 1e12)).toBe(estimatePictureTokens(8192, 8192));
  });

  it('counts only the newest eight pictures of a history, and nothing else stored', () => {
    const one = estimatePictureTokens(512, 512);
    const history = [
      [picture(4000, 4000)], // the oldest: past the newest eight
      null,
      [{ kind: 'file', name: 'a.txt', bytes: 3 } as StoredAttachment],
      Array.from({ length: 5 }, () => picture(512, 512)),
      'garbage' as unknown as StoredAttachment[],
      Array.from({ length: 3 }, () => picture(512, 512)),
    ];
    expect(estimateHistoryPictureTokens(history)).toBe(8 * one);
    expect(estimateHistoryPictureTokens([])).toBe(0);
  });
});

describe('compression with pictures', () => {
  let fx: Fixture | undefined;
  afterEach(async () => {
    await fx?.close();
    fx = undefined;
  });

  /** Three short turns, the first with `attachments`; resolves with whether a summary was asked for. */
  async function summarised(attachments: StoredAttachment[]): Promise<boolean> {
    fx = await createFixture({
      agent: { context_token_budget: 1500, keep_recent_messages: 2 },
      defaultPrompts: false,
    });
    const session = fx.manager.get('main');
    fx.llm.script({ text: 'a nice cat' }, { text: 'two cats' });
    await session.enqueue({ content: 'look', source: 'user', attachments }).done;
    await session.enqueue({ content: 'and this', source: 'user' }).done;
    fx.llm.script({ text: 'SUMMARY: the user showed a cat' }, { text: 'ok' });
    await session.enqueue({ content: 'third', source: 'user' }).done;
    return fx.llm.calls.some((c) => c.kind !== 'stream');
  }

  it('compresses a history whose text fits the budget but whose pictures do not', async () => {
    expect(await summarised([])).toBe(false); // the text alone: far under 1,500
    await fx?.close();
    expect(await summarised([picture(1568, 1176)])).toBe(true);
    expect(fx?.llm.calls.at(-1)?.messages[0].content).toContain('SUMMARY');
  });
});
