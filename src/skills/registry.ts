import { rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { AppError } from '../errors.js';
import type { Lang } from '../i18n/lang.js';
import type { SkillsChange } from '../protocol/frames.js';
import { envWithoutSecrets } from '../util/secret-env.js';
import { ProbeCache } from './cache/probe-cache.js';
import { readProbeCacheFile, writeProbeCacheFile } from './cache/probe-cache-file.js';
import { skillFilesSha256 } from './cache/skill-hash.js';
import type { InstallWorker } from './install/install-worker.js';
import { type LoadResult, loadSkills } from './load/loader.js';
import { type SkillMessages, skillMessages } from './messages.js';
import { markdownBaseName } from './name-rules.js';
import { commandOnPath } from './path-commands.js';
import { resolveConcurrency } from './probe/pool.js';
import type { ProbeOptions, ProbeRunner } from './probe/probe-outcome.js';
import type { SkillProvenance } from './provenance.js';
import { defaultGlossary } from './search/glossary.js';
import { createSearchDocCache } from './search/search-docs.js';
import { readSearchDocs, writeSearchDocs } from './search/search-docs-file.js';
import { buildSearchIndex, type SearchIndex } from './search/search-index.js';
import { createSegmenter, type Segmenter } from './search/segmenter.js';
import type { Skill, SkillDiagnostic, SkillProvenanceView, SkillRegistry } from './types.js';
import type { DirWatcher } from './watcher.js';

/** The part of a logger (src/log/logger.ts) the engine uses. */
export interface SkillLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

interface SkillRegistryOptions {
  dir: string;
  /** Limit for one `--help` probe (config `skills.probe_timeout_s` × 1000). Default 10 000. */
  probeTimeoutMs?: number;
  /** Probes at once; 0 or absent → max(4, 2 × cores). */
  concurrency?: number;
  /** Environment variables never passed to probes (e.g. the LLM key variable), besides *KEY*, *TOKEN* … */
  secretEnvNames?: readonly string[];
  /** Base environment of probes; default process.env. */
  env?: NodeJS.ProcessEnv;
  lang?: Lang;
  logger?: SkillLogger;
  /** Reload by itself when the dir changes (config `skills.watch`). */
  watch?: boolean;
  watchDebounceMs?: number;
  /** Share one segmenter (its dictionary loads once) between registries. */
  segmenter?: Segmenter;
  /**
   * Keeps successful probes across restarts in this file (`AIBOX_HOME/.skills-cache.json`, see
   * probe-cache-file.ts), so a start with nothing changed probes nothing. Absent: memory only.
   */
  cacheFile?: string;
  /**
   * Keeps the skills' search tokens across restarts in this file (`AIBOX_HOME/.skills-search.json`,
   * see search-docs-file.ts), so a first search tokenizes only skills that changed. Absent: memory only.
   */
  searchDocsFile?: string;
  /**
   * Retry each timed-out probe once, alone, in the background (a slow program that timed out
   * under parallel probing). For long-lived registries (the server); a CLI command does not wait.
   */
  retryTimeouts?: boolean;
  /** Where each `--help` probe runs (inside the sandbox, see ProbeRunner); absent: on the host. */
  probeRunner?: ProbeRunner;
  /** Provenance records: written on install and removal, shown by `provenance()`. */
  provenance?: SkillProvenance;
  /** Aibox's own places (data dir, prompts dir): the install scan flags a skill that names them. */
  protectedDirs?: string[];
}

interface SkillEngineStats {
  /** `--help` processes started since creation (zero for a reload with nothing changed). */
  probesSpawned: number;
  /**
   * Reads of a Markdown skill's file since creation: at load when its version is not in the cache
   * file, later of a body when used (a search hit's snippet, `skills show`).
   */
  skillFilesRead: number;
  reloads: number;
}

export interface SkillEngine extends SkillRegistry {
  stats(): SkillEngineStats;
}

function diff(previous: ReadonlyMap<string, Skill>, next: LoadResult): SkillsChange {
  const names = new Set(next.skills.map((s) => s.name));
  const result: SkillsChange = { added: [], removed: [], changed: [], broken: [], total: next.skills.length };
  for (const skill of next.skills) {
    const before = previous.get(skill.name);
    if (!before) result.added.push(skill.name);
    else if (before !== skill) result.changed.push(skill.name);
    if (skill.status === 'broken') result.broken.push(skill.name);
  }
  for (const name of previous.keys()) if (!names.has(name)) result.removed.push(name);
  result.removed.sort();
  return result;
}

/**
 * `skills check` for hand-placed files: an executable named like a system command is reported (the
 * command wins on PATH, so by name the skill never runs). One PATH lookup per skill, on demand.
 */
function withShadowWarnings(
  state: LoadResult,
  pathValue: string | undefined,
  dir: string,
  t: SkillMessages,
): SkillDiagnostic[] {
  const executables = new Set(
    state.skills.filter((s) => s.type === 'executable').map((s) => basename(s.path)),
  );
  return state.diagnostics.map((d) => {
    if (d.status === 'ignored' || !executables.has(d.file)) return d;
    const command = commandOnPath(d.file, pathValue, dir);
    if (!command) return d;
    const shadow = t.shadowedByCommand(command);
    return { ...d, reason: d.reason ? `${d.reason}; ${shadow}` : shadow };
  });
}

/** The probe cache, seeded from the cache file when there is one (a bad file is rebuilt). */
function openProbeCache(file: string | undefined): ProbeCache {
  if (!file) return new ProbeCache();
  const stored = readProbeCacheFile(file);
  const cache = new ProbeCache(stored.entries, stored.markdown);
  if (stored.status === 'invalid') cache.markChanged();
  return cache;
}

/** Creates the registry and loads the dir at once (and starts the watcher when asked). */
export async function createSkillRegistry(options: SkillRegistryOptions): Promise<SkillEngine> {
  const t = skillMessages(options.lang ?? 'zh');
  const dir = options.dir;
  const cache = openProbeCache(options.cacheFile);
  const segmenter = options.segmenter ?? createSegmenter();
  const docCache = createSearchDocCache((skill) => cache.versionOf(skill));
  let docsRead = false;
  let docsWrite: Promise<void> = Promise.resolve();
  /** After an index build that tokenized (or dropped) a skill; in the background, one at a time. */
  const saveSearchDocs = (file: string) => {
    const docs = new Map(docCache.current);
    docCache.stored = docs;
    docCache.changed = false;
    docsWrite = docsWrite
      .then(() => writeSearchDocs(file, docs))
      .catch((error: unknown) =>
        options.logger?.warn({ err: error, file }, 'skills search tokens not written'),
      );
  };
  const listeners = new Set<(result: SkillsChange) => void>();
  const stats: SkillEngineStats = { probesSpawned: 0, skillFilesRead: 0, reloads: 0 };
  const onRead = () => {
    stats.skillFilesRead += 1;
  };
  const probe: ProbeOptions = {
    timeoutMs: options.probeTimeoutMs ?? 10_000,
    env: envWithoutSecrets(options.env ?? process.env, options.secretEnvNames ?? []),
    cwd: dir,
    ...(options.probeRunner ? { runner: options.probeRunner } : {}),
    onSpawn: () => {
      stats.probesSpawned += 1;
    },
  };
  const concurrency = resolveConcurrency(options.concurrency ?? 0);
  let state: LoadResult = { skills: [], diagnostics: [] };
  let byName = new Map<string, Skill>();
  let index: SearchIndex | undefined;
  let diagnosed: SkillDiagnostic[] | undefined;
  let installWorker: InstallWorker | undefined;
  let watcher: DirWatcher | undefined;
  let closed = false;
  const stop = new AbortController();
  let retrying = false;

  const doReload = async (): Promise<SkillsChange> => {
    const next = await loadSkills({ dir, t, probe, concurrency, cache, onRead });
    if (options.cacheFile && cache.takeChanges()) {
      // Only after loads that probed (or dropped) something; a failed write costs probes next start.
      await writeProbeCacheFile(
        options.cacheFile,
        cache.storedEntries(),
        cache.storedMarkdownEntries(),
      ).catch((error: unknown) =>
        options.logger?.warn({ err: error, file: options.cacheFile }, 'skills cache not written'),
      );
    }
    const result = diff(byName, next);
    stats.reloads += 1;
    if (!retrying && cache.pendingRetries().length > 0) setImmediate(() => void retryTimedOut());
    state = next;
    diagnosed = undefined;
    byName = new Map(next.skills.map((s) => [s.name, s]));
    if (result.added.length + result.removed.length + result.changed.length > 0) {
      index = undefined;
      options.logger?.info({ ...result }, 'skills reloaded');
      for (const listener of listeners) {
        try {
          listener(result);
        } catch (error) {
          options.logger?.warn({ err: error }, 'skills onChange listener failed');
        }
      }
    }
    return result;
  };

  // Reloads run one at a time; calls made while one waits to start share it.
  let tail: Promise<unknown> = Promise.resolve();
  let queued: Promise<SkillsChange> | undefined;
  const reload = (): Promise<SkillsChange> => {
    if (queued) return queued;
    const run = tail.then(() => {
      queued = undefined;
      return doReload();
    });
    queued = run;
    tail = run.catch(() => undefined);
    return run;
  };

  /** Timed-out probes again, one at a time, each after any running reload; results cached. */
  const retryTimedOut = async (): Promise<void> => {
    if (retrying || closed || !options.retryTimeouts) return;
    retrying = true;
    try {
      for (let next = cache.pendingRetries()[0]; next && !closed; next = cache.pendingRetries()[0]) {
        await tail;
        const { probeExecutable } = await import('./probe/probe.js');
        const name = basename(next.path);
        const launch = (await probe.runner?.launch(next.path, name, 'loaded')) ?? { where: 'host' as const };
        // Held (no sandbox, nobody said yes): the load that held it shows why; nothing to retry.
        if (launch.where === 'held') break;
        const outcome = await probeExecutable(next.path, name, { ...probe, signal: stop.signal }, launch);
        if (closed) break;
        cache.replaceProbe(next.path, next.identity, outcome.ok ? outcome : { ...outcome, retried: true });
        await reload();
      }
    } catch (error) {
      options.logger?.warn({ err: error }, 'skills probe retry failed');
    } finally {
      retrying = false;
    }
  };

  await reload();
  void retryTimedOut();
  if (options.watch) {
    // Loaded on use: CLI commands and `skills.watch: false` never need chokidar.
    const { watchSkillsDir } = await import('./watcher.js');
    watcher = await watchSkillsDir(
      dir,
      () => {
        if (!closed) reload().catch((error) => options.logger?.warn({ err: error }, 'skills reload failed'));
      },
      {
        debounceMs: options.watchDebounceMs ?? 200,
        onError: (error) => options.logger?.warn({ err: error }, 'skills watcher error'),
      },
    );
  }

  return {
    dir,
    list: () => [...state.skills],
    get: (name) => byName.get(name),
    diagnostics: () => {
      diagnosed ??= withShadowWarnings(state, probe.env.PATH, dir, t);
      return [...diagnosed];
    },
    search(keyword, searchOptions) {
      if (!index) {
        if (options.searchDocsFile && !docsRead) docCache.stored = readSearchDocs(options.searchDocsFile);
        docsRead = true;
        index = buildSearchIndex(state.skills, segmenter, docCache, defaultGlossary());
        if (options.searchDocsFile && docCache.changed) saveSearchDocs(options.searchDocsFile);
      }
      return index.search(keyword, searchOptions?.limit);
    },
    reload,
    async install(source, installOptions) {
      // Loaded on use: installing needs the install worker, crypto and the prober.
      const [{ installSkillFile }, { createInstallWorker }] = await Promise.all([
        import('./install/install.js'),
        import('./install/install-worker.js'),
      ]);
      installWorker ??= createInstallWorker();
      const by = installOptions?.by ?? 'person';
      const installed = await installSkillFile({
        dir,
        source,
        force: installOptions?.force ?? false,
        t,
        probe,
        by,
        ...(installOptions?.confirmHostProbe ? { confirmHostProbe: installOptions.confirmHostProbe } : {}),
        gate: {
          worker: installWorker,
          lang: options.lang ?? 'zh',
          protectedDirs: options.protectedDirs ?? [],
          ...(installOptions?.confirmRisk ? { confirmRisk: installOptions.confirmRisk } : {}),
          ...(installOptions?.refusalHint ? { refusalHint: installOptions.refusalHint } : {}),
        },
      });
      // Recorded before the reload makes it runnable by name: a model's skill is never briefly "the user's".
      const folder = dirname(installed.path) !== dir ? dirname(installed.path) : undefined;
      await options.provenance?.record(
        { name: installed.name, path: installed.path, ...(folder ? { folder } : {}) },
        { source: installOptions?.source ?? source, by },
      );
      await reload();
      const skill = byName.get(installed.name);
      if (!skill) throw new AppError('skill_not_found', t.notFound(installed.name));
      return { ...skill, scanFindings: installed.findings };
    },
    async remove(name) {
      const skill = byName.get(name);
      const file = skill ? (skill.folder ? `${name}/` : basename(skill.path)) : undefined;
      const named = (f: string) => f === name || f === `${name}/` || markdownBaseName(f) === name;
      const holders = state.diagnostics
        .map((d) => d.file)
        .filter((f) => f === file || (skill === undefined && named(f)));
      if (holders.length === 0) throw new AppError('skill_not_found', t.notFound(name));
      // An Agent Skill is its whole folder.
      for (const holder of holders) await rm(join(dir, holder), { force: true, recursive: true });
      await options.provenance?.forget(name);
      await reload();
    },
    provenance(name) {
      const record = options.provenance?.get(name);
      const skill = byName.get(name);
      if (!record) return undefined;
      const state: SkillProvenanceView['state'] =
        record.approved === undefined
          ? 'pending'
          : skill && skillFilesSha256(skill) === record.approved
            ? 'approved'
            : 'changed';
      const { source, by, at, sha256 } = record;
      return { source, by, at, ...(sha256 ? { sha256 } : {}), state };
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      stop.abort();
      listeners.clear();
      await watcher?.close();
      await installWorker?.close();
      await docsWrite;
    },
    stats: () => ({ ...stats }),
  };
}
