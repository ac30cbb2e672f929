// Built-in tools benchmark: read_file on a large file (head and tail) against the original's way
// (read the whole file, split lines), and run_command's own overhead against bare runProcess.
// Each variant runs in a fresh child process so its peak RSS is its own.
// Run after a build: `npm run build && node bench/tools.mjs [--mb 200] [--runs 40]`
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const mb = opt('mb', 200);
const runs = opt('runs', 40);
const dist = resolve(import.meta.dirname, '../dist');
const dir = mkdtempSync(join(tmpdir(), 'aibox-bench-tools-'));

/** Runs `setup`, then times `body` (module scope) in a child; returns {ms, maxRssMb, log}. */
function child(setup, body) {
  const code = `${setup}; const t0 = performance.now(); ${body}; const ms = performance.now() - t0;
    console.log(JSON.stringify({ ms, maxRssMb: process.resourceUsage().maxRSS / 1024 }));`;
  const out = spawnSync(process.execPath, ['--input-type=module', '-e', code], {
    encoding: 'utf8',
    cwd: dir,
  });
  if (out.status !== 0) throw new Error(out.stderr);
  const lines = out.stdout.trim().split('\n');
  return { ...JSON.parse(lines.at(-1)), log: lines.slice(0, -1).join('\n') };
}

const file = join(dir, 'big.log');
const line = `${'x'.repeat(90)} `;
const chunk = Array.from({ length: 10_000 }, (_, i) => `${line}${i}`).join('\n');
writeFileSync(file, '');
for (let written = 0; written < mb * 1024 * 1024; written += chunk.length + 1)
  writeFileSync(file, `${chunk}\n`, { flag: 'a' });

const tool = `const { createReadFileTool } = await import('${dist}/tools/files/read-file.js');
  const t = createReadFileTool({ lang: 'en', workspace: '${dir}', maxBytes: 10 * 1024 * 1024 });
  const ctx = { signal: new AbortController().signal, output() {}, sessionId: 's', turnId: 't', callId: 'c', lang: 'en' };`;
const baseline = `const fs = await import('node:fs');
  const lines = fs.readFileSync('${file}', 'utf8').split('\\n');`;

const results = {
  'read_file head 50': child(
    tool,
    `await t.execute(t.parameters.parse({ filepath: 'big.log', head: 50 }), ctx)`,
  ),
  'read_file tail 50': child(
    tool,
    `await t.execute(t.parameters.parse({ filepath: 'big.log', tail: 50 }), ctx)`,
  ),
  'baseline head 50 (read whole, split)': child('', `${baseline} lines.slice(0, 50)`),
  'baseline tail 50 (read whole, split)': child('', `${baseline} lines.slice(-50)`),
};
console.log(`read_file on a ${mb} MB file (${dir})`);
for (const [name, r] of Object.entries(results))
  console.log(`  ${name.padEnd(38)} ${r.ms.toFixed(1).padStart(8)} ms  peak RSS ${r.maxRssMb.toFixed(0)} MB`);
const ratio = (a, b) => (results[b].ms / results[a].ms).toFixed(0);
console.log(
  `  speed-up head ×${ratio('read_file head 50', 'baseline head 50 (read whole, split)')}, tail ×${ratio('read_file tail 50', 'baseline tail 50 (read whole, split)')}`,
);

const cmd = child(
  '',
  `const { createRunCommandTool } = await import('${dist}/tools/command/run-command.js');
  const { createResultLimiter } = await import('${dist}/tools/result-limit.js');
  const { ToolsConfigSchema } = await import('${dist}/config/schema.js');
  const { runProcess } = await import('${dist}/util/run-process.js');
  const config = ToolsConfigSchema.parse({});
  const limiter = createResultLimiter({ maxChars: 10000, dir: '${dir}/results', clock: { now: () => new Date() } });
  const t = createRunCommandTool({ lang: 'en', config, workspace: '${dir}', skillsDir: '${dir}', secretEnvNames: [], limiter });
  const ctx = { signal: new AbortController().signal, output() {}, sessionId: 's', turnId: 't', callId: 'c', lang: 'en' };
  let tool = 0, bare = 0;
  for (let i = 0; i < ${runs}; i++) {
    // Alternate which goes first so load changes hit both sides alike.
    const a = async () => { const s = performance.now(); await t.execute(t.parameters.parse({ command: 'echo hi' }), ctx); tool += performance.now() - s; };
    const b = async () => { const s = performance.now(); await runProcess({ command: 'echo hi', shell: true, cwd: '${dir}' }); bare += performance.now() - s; };
    if (i % 2) { await a(); await b(); } else { await b(); await a(); }
  }
  console.log('run_command echo hi: tool ' + (tool / ${runs}).toFixed(2) + ' ms, bare runProcess ' + (bare / ${runs}).toFixed(2) + ' ms, overhead ' + ((tool - bare) / ${runs}).toFixed(2) + ' ms (' + (tool / bare).toFixed(2) + '×)');`,
);
console.log(cmd.log);
rmSync(dir, { recursive: true, force: true });
