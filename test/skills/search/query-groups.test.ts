import { describe, expect, it } from 'vitest';
import { createGlossary } from '../../../src/skills/search/glossary.js';
import { termGroups } from '../../../src/skills/search/query-groups.js';
import { createSegmenter } from '../../../src/skills/search/segmenter.js';

const segmenter = createSegmenter();
const glossary = createGlossary([
  ['替换', 'replace substitute'],
  ['邮件', 'mail'],
]);

describe('query groups', () => {
  it('a word with its translations, and English synonyms through a Chinese one', () => {
    expect(termGroups([{ text: 'replace', cjk: false }], segmenter, glossary)).toEqual([
      {
        forms: [
          { text: 'replace', cjk: false, weight: 1 },
          { text: '替换', cjk: true, weight: 0.8 },
          { text: 'replac', cjk: false, weight: 0.6 },
          { text: 'substitut', cjk: false, weight: 0.6 },
        ],
      },
    ]);
  });

  it('a Chinese compound the glossary does not know becomes its dictionary words', () => {
    const groups = termGroups([{ text: '磁盘空间', cjk: true }], segmenter, glossary);
    expect(groups.map((g) => g.forms[0]?.text)).toEqual(['磁盘', '空间']);
    expect(
      termGroups([{ text: '邮件', cjk: true }], segmenter, glossary)[0]?.forms.map((f) => f.text),
    ).toEqual(['邮件', 'mail']);
  });

  it('pivots only through a Chinese word whose main sense is the word typed, and joins known pairs', () => {
    const words = createGlossary([
      ['使用', 'usage used'],
      ['情况', 'status usage'],
      ['正在运行', 'running current'],
    ]);
    const usage = termGroups([{ text: 'usage', cjk: false }], segmenter, words)[0]?.forms.map((f) => f.text);
    expect(usage).toContain('used');
    expect(usage).toContain('情况');
    expect(usage).not.toContain('status');
    const running = termGroups(
      [
        { text: '正在', cjk: true },
        { text: '运行', cjk: true },
        { text: '进程', cjk: true },
      ],
      segmenter,
      words,
    );
    expect(running.map((g) => g.forms[0]?.text)).toEqual(['正在运行', '进程']);
  });

  it('without a glossary each word is its own group', () => {
    expect(termGroups([{ text: '磁盘空间', cjk: true }], segmenter)).toEqual([
      { forms: [{ text: '磁盘空间', cjk: true, weight: 1 }] },
    ]);
  });
});
