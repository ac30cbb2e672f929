import { createRequire } from 'node:module';

/** Chinese word segmentation (jieba). The dictionary (~5 MB) is loaded on first use, once per segmenter. */
export interface Segmenter {
  /** Words of `text` (precise mode with HMM). */
  cut(text: string): string[];
  /** Words and their shorter dictionary sub-words (search mode). */
  cutForSearch(text: string): string[];
}

interface JiebaLike {
  cut(text: string, hmm?: boolean): string[];
  cutForSearch(text: string, hmm?: boolean): string[];
}

export function createSegmenter(): Segmenter {
  let jieba: JiebaLike | undefined;
  const instance = (): JiebaLike => {
    if (!jieba) {
      const require = createRequire(import.meta.url);
      const { Jieba } = require('@node-rs/jieba') as { Jieba: { withDict(dict: Uint8Array): JiebaLike } };
      const { dict } = require('@node-rs/jieba/dict') as { dict: Uint8Array };
      jieba = Jieba.withDict(dict);
    }
    return jieba;
  };
  return {
    cut: (text) => instance().cut(text, true),
    cutForSearch: (text) => instance().cutForSearch(text, true),
  };
}
