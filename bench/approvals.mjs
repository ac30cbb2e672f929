// Approvals benchmark: what the file tools' access check (realpath, secret paths and inodes, roots)
// adds to a read_file of a small workspace file, against the same tool with a check that allows
// everything; and one approval round trip through the broker (ask → request event → answer →
// resolved) against a bare promise. Same process, same run; needs a build (`npm run build`).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { toolContext } from './_fixtures.mjs';

const dist = resolve(import.meta.dirname, '../dist');
const { createReadFileTool } = await import(`${dist}/tools/files/read-file.js`);
const { createFileAccess } = await import(`${dist}/safety/files/file-access.js`);
const { protectedPlaces } = await import(`${dist}/safety/protected-paths.js`);
const { createApprovalBroker } = await import(`${dist}/safety/approvals/approval-broker.js`);
const { dataPaths } = await import(`${dist}/config/paths.js`);
const { defaultConfig } = await import(`${dist}/config/schema.js`);

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 3000;
const home = mkdtempSync(join(tmpdir(), 'aibox-bench-approvals-'));
const paths = dataPaths(home);
const workspace = join(home, 'workspace');
mkdirSync(workspace);
mkdirSync(paths.skills);
for (const file of [paths.config, paths.database, `${paths.database}-wal`, paths.log])
  writeFileSync(file, 'x');
writeFileSync(join(workspace, 'notes.txt'), 'one\ntwo\nthree\n');

const ctx = toolContext;
const checked = createReadFileTool({
  lang: 'en',
  workspace,
  maxBytes: 1024 * 1024,
  access: createFileAccess({
    workspace,
    roots: () => [paths.skills],
    secrets: protectedPlaces(paths, home),
    safety: () => ({ mode: 'ask', rules: [] }),
  }),
});
const open = createReadFileTool({
  lang: 'en',
  workspace,
  maxBytes: 1024 * 1024,
  access: { check: async (_tool, path) => ({ ok: true, path, real: path }) },
});
const args = checked.parameters.parse({ filepath: 'notes.txt' });

/** µs per call of `a` and of `b`: medians of 15 alternating rounds (the machine is shared; alternating
 * puts both under the same load). */
async function compare(a, b) {
  for (let i = 0; i < 200; i++) {
    await a();
    await b();
  }
  const rounds = { a: [], b: [] };
  const per = Math.max(1, Math.round(runs / 15));
  for (let round = 0; round < 15; round++) {
    for (const [key, fn] of [
      ['a', a],
      ['b', b],
    ]) {
      const t0 = performance.now();
      for (let i = 0; i < per; i++) await fn();
      rounds[key].push(((performance.now() - t0) * 1000) / per);
    }
  }
  const median = (xs) => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  return [median(rounds.a), median(rounds.b)];
}

const [withCheck, withoutCheck] = await compare(
  async () => {
    if (!(await checked.execute(args, ctx)).ok) throw new Error('read failed');
  },
  () => open.execute(args, ctx),
);

const config = defaultConfig();
const broker = createApprovalBroker({
  config: () => config,
  clock: { now: () => new Date() },
  ids: (() => {
    let n = 0;
    return (p) => `${p}_${++n}`;
  })(),
  persistRule: () => {},
  logger: { info() {}, warn() {} },
});
broker.attach('main', (event) => {
  if (event.type === 'requested') broker.answer(event.pending.approvalId, 'allow', 'bench');
});
const request = {
  sessionId: 'main',
  turnId: 't',
  callId: 'c',
  tool: 'run_command',
  command: 'rm -rf /x',
  reason: 'r',
};
const [roundTrip, barePromise] = await compare(
  () => broker.ask(request, new AbortController().signal),
  () => new Promise((r) => queueMicrotask(() => r({ approved: true }))),
);

console.log(`read_file of a small workspace file, ${runs} calls each, medians of 15 alternating rounds`);
console.log(`  with the access check        ${withCheck.toFixed(1).padStart(8)} µs/call`);
console.log(`  baseline: check allows all   ${withoutCheck.toFixed(1).padStart(8)} µs/call`);
console.log(
  `  added by the check           ${(withCheck - withoutCheck).toFixed(1).padStart(8)} µs/call  (ratio ${(withCheck / withoutCheck).toFixed(2)})`,
);
console.log('approval round trip in the broker (ask → request → answer → resolved)');
console.log(`  broker                       ${roundTrip.toFixed(1).padStart(8)} µs`);
console.log(
  `  baseline: bare promise       ${barePromise.toFixed(1).padStart(8)} µs  (ratio ${(roundTrip / barePromise).toFixed(1)})`,
);
rmSync(home, { recursive: true, force: true });
