/**
 * Running a real `aibox` for the server and start-up benchmarks: a throwaway home with 200
 * skills, the launcher's Node flags, `aibox serve` started until its first `history` frame,
 * stopped, and its resident memory. (Files starting with `_` are helpers, not benchmarks:
 * bench/run.mjs skips them.)
 */
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import WebSocket from 'ws';
import { fakeLlmBoxConfig } from './_fixtures.mjs';

/** A home with 200 skills (160 Markdown guides, 40 executables answering `--help`). */

export function makeSkillsHome(baseUrl, prefix = 'aibox-bench-') {
  const home = mkdtempSync(join(tmpdir(), prefix));
  mkdirSync(join(home, 'skills'));
  for (let i = 0; i < 160; i++) {
    writeFileSync(
      join(home, 'skills', `guide-${i}.md`),
      `# 指南 ${i}: how to do task number ${i}\n\nStep one, step two, ${'detail '.repeat(40)}\n`,
    );
  }
  for (let i = 0; i < 40; i++) {
    const path = join(home, 'skills', `tool-${i}`);
    writeFileSync(
      path,
      `#!/bin/sh\nif [ "$1" = "--help" ]; then echo "Tool ${i}: prints a greeting"; echo "Usage: tool-${i} NAME"; exit 0; fi\necho "hello $1"\n`,
    );
    chmodSync(path, 0o755);
  }
  writeFileSync(join(home, 'config.json'), JSON.stringify(fakeLlmBoxConfig({ baseUrl })));
  return home;
}

/**
 * Another commit of this repository, built for a same-run comparison: exported with `git archive`
 * into a temp dir (the caller removes it), given this checkout's node_modules (a symlink) and built
 * with its own `npm run build`. Returns the directory.
 */
export function buildBaseline(ref) {
  const here = resolve(import.meta.dirname, '..');
  const dir = mkdtempSync(join(tmpdir(), 'aibox-bench-base-'));
  const archive = execFileSync('git', ['archive', '--format=tar', ref], { cwd: here, maxBuffer: 1 << 30 });
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  symlinkSync(join(here, 'node_modules'), join(dir, 'node_modules'), 'dir');
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: dir, stdio: 'inherit' });
  return dir;
}

/** Node flags from a CLI's shebang (`#!/usr/bin/env -S node …`): measure it as `aibox` runs. */
export function launcherFlags(cliText) {
  return (cliText.split('\n', 1)[0].match(/\bnode\s+(.+)$/)?.[1] ?? '').split(/\s+/).filter(Boolean);
}

/** CPU time (user + system) of a process so far, in ms. */
export function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

export function rssKb(pid) {
  const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m?.[1] ?? 0);
}

/**
 * Resident memory once a process has settled: one sample is at the mercy of when the collector
 * last ran (a box just connected holds its start-up garbage for a second or two, and V8's memory
 * reducer frees more a few seconds later). Waits `settleMs`, then samples every `everyMs` for
 * `sampleMs`; the median of the samples.
 */
export async function settledRssKb(pid, { settleMs = 1000, sampleMs = 3000, everyMs = 250 } = {}) {
  const wait = (ms) => new Promise((r) => setTimeout(r, ms));
  await wait(settleMs);
  const samples = [];
  for (let t = 0; t < sampleMs; t += everyMs) {
    samples.push(rssKb(pid));
    await wait(everyMs);
  }
  return samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)];
}

/** Opens a WebSocket to the server and resolves once its `history` frame arrived. */
export function connect(url, session = 'fan') {
  return new Promise((resolvePromise, reject) => {
    const ws = new WebSocket(`${url}/?session=${session}`);
    ws.on('error', reject);
    ws.on('message', function first(data) {
      if (JSON.parse(data.toString()).type === 'history') {
        ws.off('message', first);
        resolvePromise(ws);
      }
    });
  });
}

/** Spawns `aibox serve` as its launcher does, on a free port; resolves once it printed its address. */
export async function spawnServe(cli, env, stderr = 'inherit') {
  const child = spawn(
    process.execPath,
    [...launcherFlags(readFileSync(cli, 'utf8')), cli, 'serve', '--port', '0', '--no-scheduler'],
    { env, stdio: ['ignore', 'pipe', stderr] },
  );
  let out = '';
  const port = await new Promise((resolvePromise, reject) => {
    child.stdout.setEncoding('utf8').on('data', (d) => {
      out += d;
      const m = /http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (m) resolvePromise(Number(m[1]));
    });
    child.on('exit', (code) => reject(new Error(`serve exited ${code}`)));
  });
  return { child, port };
}

/** `spawnServe`, then `ms` = spawn → first `history` frame, `cpu` = the server's CPU ms by then. */
export async function startServe(cli, env) {
  const t0 = performance.now();
  const { child, port } = await spawnServe(cli, env);
  const url = `ws://127.0.0.1:${port}`;
  const ws = await connect(url);
  const ms = performance.now() - t0;
  const cpu = cpuMs(child.pid);
  ws.close();
  return { child, url, ms, cpu };
}

export async function stopServe(child) {
  const t0 = performance.now();
  const exited = new Promise((r) => child.on('exit', (code) => r(code)));
  child.kill('SIGTERM');
  const code = await exited;
  return { code, ms: performance.now() - t0 };
}
