import { basename } from 'node:path';
import { watch } from 'chokidar';

export interface DirWatcher {
  close(): Promise<void>;
}

/**
 * Calls `onChange` (debounced) when entries of `dir`, or files of its folders (Agent Skills), appear,
 * change or disappear. Entries starting
 * with `.` (install staging files) are not watched. Resolves once the watcher is ready.
 */
export async function watchSkillsDir(
  dir: string,
  onChange: () => void,
  options: { debounceMs: number; onError?: (error: unknown) => void },
): Promise<DirWatcher> {
  const watcher = watch(dir, {
    ignoreInitial: true,
    // Depth 1: an Agent Skill's SKILL.md (and its files) sit one level down.
    depth: 1,
    ignored: (path: string) => path !== dir && basename(path).startsWith('.'),
  });
  let timer: NodeJS.Timeout | undefined;
  watcher.on('all', () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      onChange();
    }, options.debounceMs);
  });
  watcher.on('error', (error) => options.onError?.(error));
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return {
    async close() {
      if (timer) clearTimeout(timer);
      await watcher.close();
    },
  };
}
