/**
 * The system prompt: the files of the prompts directory, in numeric order, in
 * ONE system message, followed by the current date, time and time zone.
 * Files are cached by (mtime, size, inode): each turn re-reads only what
 * changed, so `update_identity` / `update_soul` (or a hand edit) show up on
 * the next turn of a running session.
 */
import type { Dirent } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Lang } from '../i18n/lang.js';
import type { Logger } from '../log/logger.js';
import type { ModelProfile } from '../providers/model-profile.js';
import { type Clock, isoWithOffset } from '../util/clock.js';
import { compactPromptMessages, isShippedDefault } from './compact-prompt.js';
import { promptMessages } from './messages.js';
import { sortPromptNames } from './order.js';
import { writeDefaultPrompts } from './write-defaults.js';

interface PromptFile {
  name: string;
  /** Trimmed; never empty. */
  content: string;
}

interface SystemPromptExtras {
  /** A compression summary of the earlier conversation. */
  summary?: string;
  /** Extra instructions for this turn only (a scheduled task's context). */
  instructions?: string;
  /** `compact`: unchanged shipped files give way to one short guide (src/prompts/compact-prompt.ts). */
  profile?: ModelProfile;
  /** Compact: the tools not offered at first, named so the model can call them. */
  onDemandTools?: readonly string[];
}

/** What sessions need from the prompts (tests may pass their own). */
export interface PromptSource {
  /** The prompt files in order (empty and dot files skipped). */
  files(): Promise<PromptFile[]>;
  systemPrompt(extras?: SystemPromptExtras): Promise<string>;
}

interface PromptLoader extends PromptSource {
  /** Writes the default files on first run (never overwriting); returns the names written. */
  ensureDefaults(): string[];
}

interface PromptLoaderOptions {
  dir: string;
  lang: Lang;
  clock: Clock;
  /** IANA zone for the date line; default the system's. */
  timeZone?: string;
  logger?: Pick<Logger, 'warn'>;
  /** Write the default files (first run) before the first read; default true. */
  writeDefaults?: boolean;
}

interface CacheEntry {
  key: string;
  content: string;
}

function systemZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** "2026-11-30 10:00", weekday, zone, "+08:00" in the given zone. */
function describeNow(date: Date, lang: Lang, timeZone: string): string {
  const iso = isoWithOffset(date, timeZone);
  const weekday = new Intl.DateTimeFormat(lang === 'en' ? 'en-US' : 'zh-CN', {
    weekday: 'long',
    timeZone,
  }).format(date);
  return promptMessages(lang).now(iso.slice(0, 16).replace('T', ' '), weekday, timeZone, iso.slice(19));
}

export function createPromptLoader(options: PromptLoaderOptions): PromptLoader {
  const t = promptMessages(options.lang);
  // Resolved on the first prompt, not at start: asking Intl for the system zone loads ICU's zone data.
  let zone: string | undefined;
  const timeZone = () => (zone ??= options.timeZone || systemZone());
  const cache = new Map<string, CacheEntry>();
  let defaultsChecked = options.writeDefaults === false;

  function ensureDefaults(): string[] {
    defaultsChecked = true;
    return writeDefaultPrompts(options.dir, options.lang);
  }

  async function readOne(name: string): Promise<PromptFile | undefined> {
    const path = join(options.dir, name);
    try {
      const info = await stat(path);
      if (!info.isFile()) return undefined;
      const key = `${info.mtimeMs}:${info.size}:${info.ino}`;
      let entry = cache.get(name);
      if (entry?.key !== key) {
        entry = { key, content: (await readFile(path, 'utf8')).trim() };
        cache.set(name, entry);
      }
      return entry.content ? { name, content: entry.content } : undefined;
    } catch (error) {
      cache.delete(name);
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT') options.logger?.warn({ err: error, path }, 'prompt file unreadable; skipped');
      return undefined;
    }
  }

  async function files(): Promise<PromptFile[]> {
    if (!defaultsChecked) {
      try {
        ensureDefaults();
      } catch (error) {
        options.logger?.warn({ err: error, dir: options.dir }, 'could not write the default prompt files');
      }
    }
    let entries: Dirent[];
    try {
      entries = await readdir(options.dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        options.logger?.warn({ err: error, dir: options.dir }, 'prompts directory unreadable');
      }
      cache.clear();
      return [];
    }
    const names = sortPromptNames(
      entries.filter((e) => !e.name.startsWith('.') && (e.isFile() || e.isSymbolicLink())).map((e) => e.name),
    );
    for (const cached of cache.keys()) if (!names.includes(cached)) cache.delete(cached);
    const loaded = await Promise.all(names.map(readOne));
    return loaded.filter((f): f is PromptFile => f !== undefined);
  }

  return {
    ensureDefaults,
    files,
    async systemPrompt(extras = {}) {
      let parts = (await files()).map((f) => f.content);
      if (extras.profile === 'compact') {
        const c = compactPromptMessages(options.lang);
        parts = [c.guide, ...parts.filter((content) => !isShippedDefault(content))];
        if (extras.onDemandTools?.length) parts.push(c.moreTools(extras.onDemandTools.join('\n')));
      }
      if (parts.length === 0) parts.push(t.fallback);
      if (extras.summary) parts.push(`${t.summaryHeading}\n${extras.summary.trim()}`);
      if (extras.instructions) parts.push(`${t.instructionsHeading}\n${extras.instructions.trim()}`);
      // Last, so the part before it stays the same from turn to turn (prompt caching).
      parts.push(describeNow(options.clock.now(), options.lang, timeZone()));
      return parts.join('\n\n');
    },
  };
}
