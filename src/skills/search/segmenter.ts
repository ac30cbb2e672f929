import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { type DictIndex, openDictIndex } from './dict-index.js';

/** Chinese word segmentation (jieba). */
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
type JiebaClass = { withDict(dict: Uint8Array): JiebaLike };

/** The dictionary index `npm run build` writes beside the built module (see dict-index.ts). */
const BUILT_INDEX = fileURLToPath(new URL('./jieba-dict.idx', import.meta.url));
/** Per-sentence segmenters kept (a search cuts the same words several times). */
const SENTENCES_KEPT = 64;

interface SegmenterOptions {
  /** The dictionary index to read; default the built one. Without an index, the whole dictionary loads. */
  dictIndex?: string;
}

/**
 * With the built dictionary index, each sentence gets a jieba over only the dictionary words it
 * contains (same segmentation, a few reads instead of a 5 MB parse); without it (running from
 * source), the whole dictionary loads on first use, once per segmenter.
 */
export function createSegmenter(options: SegmenterOptions = {}): Segmenter {
  const require = createRequire(import.meta.url);
  const jiebaClass = () => (require('@node-rs/jieba') as { Jieba: JiebaClass }).Jieba;
  const indexPath = options.dictIndex ?? BUILT_INDEX;
  let index: DictIndex | undefined;
  let indexOpened = false;
  let whole: JiebaLike | undefined;
  const bySentence = new Map<string, JiebaLike>();

  const instance = (text: string): JiebaLike => {
    if (!indexOpened) {
      indexOpened = true;
      index = openDictIndex(indexPath);
    }
    if (index) {
      let jieba = bySentence.get(text);
      if (!jieba) {
        jieba = jiebaClass().withDict(index.dictFor(text));
        if (bySentence.size >= SENTENCES_KEPT) bySentence.clear();
        bySentence.set(text, jieba);
      }
      return jieba;
    }
    whole ??= jiebaClass().withDict(readFileSync(require.resolve('@node-rs/jieba/dict.txt')));
    return whole;
  };
  return {
    cut: (text) => instance(text).cut(text, true),
    cutForSearch: (text) => instance(text).cutForSearch(text, true),
  };
}
