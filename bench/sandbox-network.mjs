// Added time per sandboxed run_command from the sandbox's own network namespace served by
// slirp4netns, against the previous sandbox (the same bwrap mounts, network shared with the host),
// same run, interleaved; median. Run after a build: `npm run build && node bench/sandbox-network.mjs [--runs 60]`
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 60;
const dist = resolve(import.meta.dirname, '../dist');
const { probeBwrap } = await import(`${dist}/safety/sandbox/sandbox-probe.js`);
const { bwrapArgs, sandboxSpawn } = await import(`${dist}/safety/sandbox/sandbox.js`);
const { runProcess } = await import(`${dist}/util/run-process.js`);

const dir = mkdtempSync(join(tmpdir(), 'aibox-bench-netns-'));
const workspace = join(dir, 'workspace');
mkdirSync(workspace);
const sandbox = await probeBwrap(true, 'en');
if (!sandbox.network) throw new Error(`no sandbox network here: ${sandbox.reason ?? sandbox.networkOff}`);
const layout = (network) => ({ workspace, skillsDir: workspace, hidden: [], network });
/** The previous sandbox's argv: the same, without the network namespace. */
const shared = bwrapArgs(layout(undefined), 'true', workspace).filter((a) => a !== '--unshare-net');
const variants = {
  'bwrap, network shared (previous sandbox)': () =>
    runProcess({ command: sandbox.program, args: shared, cwd: workspace }),
  'bwrap, own netns, loopback only (safety.network off)': () =>
    runProcess({
      ...sandboxSpawn({ program: sandbox.program }, bwrapArgs(layout(undefined), 'true', workspace)),
      cwd: workspace,
    }),
  'bwrap, own netns + slirp4netns (safety.network on)': () =>
    runProcess({
      ...sandboxSpawn(sandbox, bwrapArgs(layout(sandbox.stack), 'true', workspace)),
      cwd: workspace,
    }),
};
const names = Object.keys(variants);
const totals = Object.fromEntries(names.map((k) => [k, []]));
for (let i = 0; i < runs + 3; i++)
  for (let j = 0; j < names.length; j++) {
    const name = names[(i + j) % names.length];
    const s = performance.now();
    const result = await variants[name]();
    if (i >= 3) totals[name].push(performance.now() - s); // 3 warm-up rounds
    if (result.exitCode !== 0) throw new Error(`${name} failed: ${result.stderr}`);
  }
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const base = median(totals[names[0]]);
console.log(`${sandbox.version}, ${sandbox.stack.version}; sandboxed \`true\`, ${runs} runs each, median:`);
for (const name of names) {
  const m = median(totals[name]);
  console.log(`  ${name.padEnd(52)} ${m.toFixed(1)} ms  (+${(m - base).toFixed(1)} ms)`);
}
rmSync(dir, { recursive: true, force: true });
