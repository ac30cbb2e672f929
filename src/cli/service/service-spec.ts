/**
 * What a service definition starts: this Node and this build's `dist/cli/main.js serve`, with the
 * Node flags of `npm start` (package.json: tuned for small boards, docs/benchmarks.md), the data
 * dir, and an optional environment file for the model key and channel secrets.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

// Every built file sits one directory below dist/ (and every source file one below src/).
const PACKAGE_ROOT = resolve(import.meta.dirname, '..', '..');

export interface ServiceSpec {
  /** Absolute path of the Node binary. */
  node: string;
  nodeFlags: string[];
  /** Absolute path of `dist/cli/main.js`. */
  script: string;
  /** AIBOX_HOME. */
  home: string;
  /** `--config FILE` when the user gave one. */
  configPath?: string;
  /** `KEY=value` lines read by the service manager (model key, channel secrets); may be absent. */
  envFile: string;
  /** A system service (root's, started as `user`) instead of the user's own. */
  system: boolean;
  user: string;
}

/** The `--flags` before `dist/cli/main.js` in package.json's `start` script. */
export function startFlags(packageRoot: string = PACKAGE_ROOT): string[] {
  try {
    const pkg = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as {
      scripts?: { start?: string };
    };
    const words = (pkg.scripts?.start ?? '').split(/\s+/);
    const end = words.findIndex((word) => word.endsWith('main.js'));
    return words.slice(1, end < 0 ? 1 : end).filter((word) => /^--[\w-]+(=[\w.-]+)?$/.test(word));
  } catch {
    return [];
  }
}

/** The serve command line, as argv. */
export function serveArgv(spec: ServiceSpec): string[] {
  return [
    spec.node,
    ...spec.nodeFlags,
    spec.script,
    ...(spec.configPath ? ['--config', spec.configPath] : []),
    'serve',
  ];
}

export function builtScript(packageRoot: string = PACKAGE_ROOT): string {
  return join(packageRoot, 'dist', 'cli', 'main.js');
}
