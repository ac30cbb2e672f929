/**
 * A module-loading hook for a child `node`: it records every ES module it loads whose URL or
 * source contains one of `marks` (a package outside the bundle by its path in node_modules, one
 * bundled into a chunk by a string of its own), one URL a line in a file of its own.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The marks of the chat SDKs a command must load only for a configured channel. */
export const SDK_MARKS = {
  // The Lark SDK outside the bundle, or a chunk that holds it (its User-Agent string marks it).
  lark: ['@larksuiteoapi', 'oapi-node-sdk/'],
  grammy: ['/node_modules/grammy/'],
} as const;

export interface ModuleRecorder {
  /** Node flags that load the hook (before the script). */
  nodeArgs: string[];
  /** The URLs recorded so far. */
  loaded(): string[];
}

/** `name` keeps the files of recorders in one `dir` apart. */
export function moduleRecorder(dir: string, name: string, marks: readonly string[]): ModuleRecorder {
  const hooks = join(dir, `${name}-hooks.mjs`);
  const register = join(dir, `${name}-register.mjs`);
  const record = join(dir, `${name}-loaded.txt`);
  writeFileSync(
    hooks,
    `import { appendFileSync } from 'node:fs';
const marks = ${JSON.stringify(marks)};
export async function load(url, context, next) {
  const result = await next(url, context);
  const source = result.source ? String(result.source) : '';
  if (marks.some((mark) => url.includes(mark) || source.includes(mark)))
    appendFileSync(${JSON.stringify(record)}, url + '\\n');
  return result;
}
`,
  );
  writeFileSync(
    register,
    `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`,
  );
  return {
    nodeArgs: ['--import', register],
    loaded: () => (existsSync(record) ? readFileSync(record, 'utf8').split('\n').filter(Boolean) : []),
  };
}
