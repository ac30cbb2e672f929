import { describe, expect, it } from 'vitest';
import { docFrequencies, indexPostings, intersectSorted } from '../../../src/skills/search/postings.js';
import { createSearchDocCache, docOf } from '../../../src/skills/search/search-docs.js';
import type { Skill } from '../../../src/skills/types.js';

const skill = (name: string, summary: string, content: string): Skill => ({
  name,
  type: 'executable',
  summary,
  content,
  path: `/skills/${name}`,
  status: 'ok',
});

describe('postings', () => {
  it('post each token once per doc field, ascending (doc × 3 + field), with the mean field lengths', () => {
    const cache = createSearchDocCache();
    const docs = [skill('mail', 'send mail', 'mail mail'), skill('weather', 'weather', 'mail here')].map(
      (s) => docOf(s, cache),
    );
    const { postings, avgLen } = indexPostings(docs);
    expect(postings.get('mail')).toEqual([0, 1, 2, 5]);
    expect(postings.get('weather')).toEqual([3, 4]);
    expect(avgLen).toEqual([1, 1.5, 2]);
    const frequency = docFrequencies();
    const list = postings.get('mail') ?? [];
    expect(frequency(list)).toBe(2);
    expect(frequency(list)).toBe(2);
    expect(frequency([])).toBe(0);
  });

  it('a token a hand-edited tokens file lists twice still posts its field once', () => {
    const cache = createSearchDocCache(
      () => 'v1',
      new Map([
        [
          '/skills/x\0v1\u00001:1:1',
          {
            tf: [
              [
                ['x', 'x'],
                [1, 1],
              ],
              [['y'], [1]],
              [['z'], [1]],
            ],
            len: [1, 1, 1],
          },
        ],
      ]),
    );
    const doc = docOf(skill('x', 'y', 'z'), cache);
    expect(indexPostings([doc]).postings.get('x')).toEqual([0]);
  });

  it('intersects ascending lists', () => {
    expect(intersectSorted([1, 3, 5, 9], [0, 3, 4, 9, 10])).toEqual([3, 9]);
    expect(intersectSorted([], [1])).toEqual([]);
  });
});
