// Command policy and sandbox benchmark, all in one run:
// - the parser's first load and the decision's cost per call (everyday commands);
// - run_command(`true`) with the decision + bubblewrap, and with the decision + the unsandboxed
//   orphan guard, against the baseline `/bin/sh -c true` through runProcess (same process, interleaved);
// - the share of 50 everyday commands that are asked (sandboxed and not), and how many of the
//   dangerous list would be allowed (must be 0).
// Run after a build: `npm run build && node bench/safety.mjs [--runs 60]`
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { toolContext } from './_fixtures.mjs';

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 60;
const dist = resolve(import.meta.dirname, '../dist');
const lists = JSON.parse(readFileSync(join(import.meta.dirname, 'safety-commands.json'), 'utf8'));

const { analyseCommand } = await import(`${dist}/safety/command/analyse-command.js`);
const { protectedPaths } = await import(`${dist}/safety/protected-paths.js`);
const { modelWritablePlaces } = await import(`${dist}/safety/command/program-identity.js`);
const { createCommandGuard } = await import(`${dist}/safety/command/command-guard.js`);
const { openSkillProvenance } = await import(`${dist}/skills/provenance.js`);
const { probeBwrap } = await import(`${dist}/safety/sandbox/sandbox-probe.js`);
const { bwrapArgs } = await import(`${dist}/safety/sandbox/sandbox.js`);
const { dataPaths } = await import(`${dist}/config/paths.js`);
const { SafetyConfigSchema, ToolsConfigSchema } = await import(`${dist}/config/schema.js`);
const { createRunCommandTool } = await import(`${dist}/tools/command/run-command.js`);
const { createResultLimiter } = await import(`${dist}/tools/result-limit.js`);
const { runProcess } = await import(`${dist}/util/run-process.js`);

const home = mkdtempSync(join(tmpdir(), 'aibox-bench-safety-'));
const paths = dataPaths(join(home, '.aibox'));
mkdirSync(paths.workspace, { recursive: true });
mkdirSync(paths.skills, { recursive: true });
// The lists are judged for a user whose home is not under /tmp (the sandbox's /tmp is private).
const userHome = '/home/bench';
const userPaths = dataPaths(join(userHome, '.aibox'));
const context = (sandboxed) => ({
  cwd: userPaths.workspace,
  workspace: userPaths.workspace,
  skillsDir: userPaths.skills,
  home: userHome,
  sandboxed,
  protectedPaths: protectedPaths(userPaths, userHome),
  skillOrigin: (name) => (name === 'weather' ? 'user' : undefined),
  // Programs are found as the server finds them: on this process's PATH.
  path: process.env.PATH ?? '/usr/bin:/bin',
  modelWritable: modelWritablePlaces([userPaths.workspace, userPaths.home]),
});
const decision = (findings) =>
  findings.some((f) => f.decision === 'deny') ? 'deny' : findings.length > 0 ? 'ask' : 'allow';

// 1. Parser load and decision cost.
const t0 = performance.now();
analyseCommand('true', context(true));
const firstMs = performance.now() - t0;
const perCall = [];
// The first round warms the JIT up and is not counted.
for (const command of lists.everyday) analyseCommand(command, context(true));
for (let round = 0; round < 20; round++)
  for (const command of lists.everyday) {
    const s = performance.now();
    analyseCommand(command, context(true));
    perCall.push(performance.now() - s);
  }
perCall.sort((a, b) => a - b);
const pct = (p) => perCall[Math.min(perCall.length - 1, Math.floor(p * perCall.length))];
console.log(`decision: first call (loads mvdan-sh) ${firstMs.toFixed(0)} ms`);
console.log(
  `decision per command (${perCall.length} calls): p50 ${pct(0.5).toFixed(3)} ms, p99 ${pct(0.99).toFixed(3)} ms, max ${perCall.at(-1).toFixed(2)} ms`,
);

// 2. Everyday and dangerous lists.
for (const sandboxed of [true, false]) {
  const asked = lists.everyday.filter(
    (c) => decision(analyseCommand(c, context(sandboxed)).findings) !== 'allow',
  );
  const allowed = lists.dangerous.filter(
    (c) => decision(analyseCommand(c, context(sandboxed)).findings) === 'allow',
  );
  console.log(
    `${sandboxed ? 'sandboxed  ' : 'unsandboxed'}: everyday asked ${asked.length}/${lists.everyday.length} (${((100 * asked.length) / lists.everyday.length).toFixed(0)} %), dangerous allowed ${allowed.length}/${lists.dangerous.length}`,
  );
  if (asked.length > 0) console.log(`    asked: ${asked.join(' | ')}`);
  if (allowed.length > 0) console.log(`    ALLOWED: ${allowed.join(' | ')}`);
}

// 3. run_command overhead.
const sandbox = await probeBwrap(true, 'en');
const limiter = createResultLimiter({
  maxChars: 10000,
  dir: paths.toolResults,
  clock: { now: () => new Date() },
});
const tool = (kind) =>
  createRunCommandTool({
    lang: 'en',
    config: ToolsConfigSchema.parse({}),
    workspace: paths.workspace,
    skillsDir: paths.skills,
    secretEnvNames: [],
    limiter,
    guard: createCommandGuard({
      safety: SafetyConfigSchema.parse(kind === 'mode-off' ? { mode: 'off' } : {}),
      paths,
      home,
      workspace: paths.workspace,
      skills: { dir: paths.skills, get: () => undefined },
      provenance: openSkillProvenance(paths.home),
      sandbox: kind === 'bwrap' ? sandbox : { kind: 'off', network: true },
    }),
  });
const ctx = toolContext;
const runTrue = (t) => () => t.execute(t.parameters.parse({ command: 'true' }), ctx);
const variants = {
  'run_command, safety.mode = off': runTrue(tool('mode-off')),
  'run_command, decision, no sandbox': runTrue(tool('off')),
  'sh -c true (runProcess)': () => runProcess({ command: 'true', shell: true, cwd: paths.workspace }),
};
if (sandbox.kind === 'bwrap') {
  variants['run_command, decision + bwrap'] = runTrue(tool('bwrap'));
  const layout = {
    workspace: paths.workspace,
    skillsDir: paths.skills,
    home,
    dataDirs: [paths.home],
    hidden: [],
    network: sandbox.stack,
  };
  variants['bwrap sh -c true (runProcess)'] = () =>
    runProcess({ command: 'bwrap', args: bwrapArgs(layout, 'true', paths.workspace), cwd: paths.workspace });
} else console.log(`bwrap unavailable here: ${sandbox.reason}`);
const totals = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
const names = Object.keys(variants);
for (let i = 0; i < runs; i++) {
  // Rotate the order so load changes hit every variant alike.
  for (let j = 0; j < names.length; j++) {
    const name = names[(i + j) % names.length];
    const s = performance.now();
    const result = await variants[name]();
    totals[name].push(performance.now() - s);
    if (result.ok === false || (result.exitCode ?? 0) !== 0)
      throw new Error(`${name} failed: ${JSON.stringify(result)}`);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const base = median(totals[names[0]]);
console.log(
  `run_command(true), ${runs} runs each, median (+ and × against run_command with safety.mode = off):`,
);
for (const name of names) {
  const m = median(totals[name]);
  console.log(
    `  ${name.padEnd(36)} ${m.toFixed(2).padStart(7)} ms   +${(m - base).toFixed(2)} ms   ×${(m / base).toFixed(2)}`,
  );
}
rmSync(home, { recursive: true, force: true });
