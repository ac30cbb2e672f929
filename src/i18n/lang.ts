/**
 * Languages and message tables. Every user-visible string exists in zh and en:
 * a module declares its strings once with `defineMessages`, and the compiler
 * checks that the English table has exactly the keys of the Chinese one.
 */
export type Lang = 'zh' | 'en';

export function isLang(value: unknown): value is Lang {
  return value === 'zh' || value === 'en';
}

/** Maps a locale string such as `en_US.UTF-8` or `zh-CN` to a Lang; Chinese is the default. */
function langFromLocale(locale: string | undefined): Lang | undefined {
  if (!locale) return undefined;
  const lower = locale.toLowerCase();
  if (lower.startsWith('en')) return 'en';
  if (lower.startsWith('zh')) return 'zh';
  return undefined;
}

interface LangSources {
  flag?: string | undefined;
  env?: NodeJS.ProcessEnv;
  config?: string | undefined;
}

/** Precedence: --lang flag, AIBOX_LANG (or the original's AI_LANGUAGE), config `lang`, system locale, zh. */
export function detectLang(sources: LangSources = {}): Lang {
  const env = sources.env ?? process.env;
  for (const candidate of [sources.flag, env.AIBOX_LANG, env.AI_LANGUAGE, sources.config]) {
    if (isLang(candidate)) return candidate;
  }
  const locale = env.LC_ALL || env.LC_MESSAGES || env.LANG || Intl.DateTimeFormat().resolvedOptions().locale;
  return langFromLocale(locale) ?? 'zh';
}

// biome-ignore lint/suspicious/noExplicitAny: message values are strings or formatting functions of any arity
type MessageValue = string | ((...args: any[]) => string);
type MessageTable = Record<string, MessageValue>;

/**
 * Declares a module's strings. Usage:
 *   const messages = defineMessages({ zh: { hi: (n: string) => `你好 ${n}` }, en: { hi: (n) => `Hi ${n}` } });
 *   messages('en').hi('Ann')
 */
export function defineMessages<T extends MessageTable>(tables: { zh: T; en: { [K in keyof T]: T[K] } }) {
  return (lang: Lang): T => tables[lang] as T;
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/gu;
const LATIN_WORD = /\p{Script=Latin}+/gu;

/**
 * The language a person wrote in: zh when the text is mostly CJK (more CJK characters than
 * Latin words: a Chinese word is one or two characters, so "帮我看看 ls 的输出" is zh), en when
 * it has Latin words and less CJK; undefined when it has neither (`/new`, `1234`, an emoji).
 */
export function langOfText(text: string): Lang | undefined {
  const cjk = text.match(CJK)?.length ?? 0;
  const words = text.match(LATIN_WORD)?.length ?? 0;
  if (cjk === 0 && words === 0) return undefined;
  return cjk > words ? 'zh' : 'en';
}
