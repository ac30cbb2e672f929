import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildDictIndex, openDictIndex } from '../../../src/skills/search/dict-index.js';
import { createSegmenter } from '../../../src/skills/search/segmenter.js';
import { tempDir } from '../fixtures.js';

const corpus = JSON.parse(
  readFileSync(new URL('../../../bench/skills-real-corpus.json', import.meta.url), 'utf8'),
) as { requests: { q: string }[] };

/** Chinese requests of the real-programs corpus, plus mixed and odd ones. */
const SENTENCES = [
  ...corpus.requests.map((r) => r.q).filter((q) => /[\u4e00-\u9fff]/.test(q)),
  '帮我把这个视频转换成mp3格式发邮件给老板',
  '查看磁盘空间',
  '4S店的T恤',
  '的的的的',
  '龘',
  '\uE000用私用区字符\uE001',
];

describe('segmenter with the dictionary index (only the words a sentence contains)', () => {
  const dictText = readFileSync(createRequire(import.meta.url).resolve('@node-rs/jieba/dict.txt'), 'utf8');
  const indexFile = join(tempDir(), 'jieba-dict.idx');
  writeFileSync(indexFile, buildDictIndex(dictText));

  it('cuts every sentence exactly as the whole dictionary does', () => {
    const whole = createSegmenter({ dictIndex: join(tempDir(), 'none.idx') });
    const indexed = createSegmenter({ dictIndex: indexFile });
    expect(SENTENCES.length).toBeGreaterThan(20);
    for (const sentence of SENTENCES) {
      expect(indexed.cut(sentence), sentence).toEqual(whole.cut(sentence));
      expect(indexed.cutForSearch(sentence), sentence).toEqual(whole.cutForSearch(sentence));
    }
  });

  it('gives a sentence the dictionary lines of the words in it and a filler keeping the total', () => {
    const index = openDictIndex(indexFile);
    const lines = index?.dictFor('磁盘空间').toString('utf8').trim().split('\n') ?? [];
    const words = lines.map((line) => line.split(' ')[0]);
    expect(words).toEqual(expect.arrayContaining(['磁盘', '空间', '磁', '盘', '空', '间']));
    expect(words.every((w) => '磁盘空间'.includes(w as string) || w === '\uE000')).toBe(true);
    const total = dictText
      .split('\n')
      .filter(Boolean)
      .reduce((sum, line) => sum + Number(line.split(' ')[1]), 0);
    expect(lines.reduce((sum, line) => sum + Number(line.split(' ')[1]), 0)).toBe(total);
  });

  it('is not an index when the file is missing or another kind of file', () => {
    expect(openDictIndex(join(tempDir(), 'missing.idx'))).toBeUndefined();
    const other = join(tempDir(), 'other.idx');
    writeFileSync(other, 'not an index at all');
    expect(openDictIndex(other)).toBeUndefined();
  });
});
