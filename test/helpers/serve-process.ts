/** A real `aibox serve` child process on a free port, resolved once its banner names the URL. */
import { type ChildProcess, spawn } from 'node:child_process';
import { homeEnv } from './box.js';
import { CLI_PATH } from './cli.js';

export interface ServeProcess {
  child: ChildProcess;
  /** `http://127.0.0.1:PORT`. */
  url: string;
  port: number;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stdout(): string;
  stderr(): string;
}

/** A config.json for a box that needs no model at start (its base URL answers nothing). */
export function quietBoxConfig(lang = 'en'): string {
  return JSON.stringify({
    lang,
    llm: { provider: 'custom', base_url: 'http://127.0.0.1:9/v1', model: 'm', api_key_env: '' },
    skills: { watch: false, install_examples: false },
    scheduler: { enabled: false },
  });
}

/** Starts `aibox serve --port 0 [args]`; rejects with its stderr when it exits before listening. */
export function serveProcess(
  home: string,
  env: NodeJS.ProcessEnv = {},
  args: string[] = [],
): Promise<ServeProcess> {
  const child = spawn(process.execPath, [CLI_PATH, 'serve', '--port', '0', '--no-scheduler', ...args], {
    env: { ...homeEnv(home), AIBOX_LANG: 'en', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return new Promise((resolve, reject) => {
    child.stderr?.setEncoding('utf8').on('data', (d: string) => {
      err += d;
    });
    child.stdout?.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const match = /http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (match?.[1])
        resolve({
          child,
          url: match[0],
          port: Number(match[1]),
          exited,
          stdout: () => out,
          stderr: () => err,
        });
    });
    void exited.then(({ code }) =>
      reject(Object.assign(new Error(`serve exited ${code}: ${err}`), { stderr: err, stdout: out })),
    );
  });
}
