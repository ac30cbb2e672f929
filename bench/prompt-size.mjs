/**
 * Prompt size benchmark (issue 21 §3), after `npm run build`:
 *   node bench/prompt-size.mjs [--baseline <git ref>]
 *
 * The first request of a fresh session, as a real `aibox ask` sends it to the fake LLM: its
 * system prompt and its tool definitions (the `tools` JSON), in tokens, per profile (`default`,
 * `compact`), with 0 and 200 skills installed, in both languages. The baseline is the same
 * request from the `--baseline` commit (default: the commit before the compact profile), built in
 * the same run. Tokens are estimated without a network by `estimateTextTokens`
 * (src/session/token-estimate.ts): a CJK character counts 1, any other character 1/4 (about what
 * cl100k and the DeepSeek/Qwen tokenizers give for English and Chinese prose; JSON punctuation
 * makes real counts somewhat higher, the same for every row). Goals: compact ≤ 2,000 tokens,
 * default ≤ 6,000 with 200 skills; the script exits 1 when one is missed.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { estimateTextTokens } from '../dist/session/token-estimate.js';
import { buildBaseline, makeSkillsHome } from './_aibox-process.mjs';
import { fakeLlmBoxConfig } from './_fixtures.mjs';
import { loadFakeLlm } from './load-fake-llm.mjs';

const args = process.argv.slice(2);
const at = args.indexOf('--baseline');
const BASELINE = at >= 0 ? args[at + 1] : '007e7d7';
const GOALS = { compact: 2_000, default: 6_000 };
const here = resolve(import.meta.dirname, '..');
const run = promisify(execFile);

const { startFakeLlm } = await loadFakeLlm();
const llm = await startFakeLlm({ fallback: () => ({ text: 'ok' }) });
const baseRoot = buildBaseline(BASELINE);
const homes = [];

/** A fresh data dir with `skills` skills and the given `llm.profile` (none: the key is left out). */
function home(skills, profile) {
  const dir =
    skills > 0
      ? makeSkillsHome(llm.baseUrl, 'aibox-bench-prompt-')
      : mkdtempSync(join(tmpdir(), 'aibox-bench-prompt-'));
  const config = fakeLlmBoxConfig(llm);
  if (profile) config.llm.profile = profile;
  writeFileSync(join(dir, 'config.json'), JSON.stringify(config));
  homes.push(dir);
  return dir;
}

/** Tokens of the first request `aibox ask` sends from this build. */
async function firstRequest(root, lang, skills, profile) {
  const before = llm.requests.length;
  await run(process.execPath, [join(root, 'dist/cli/main.js'), '--lang', lang, 'ask', 'hello'], {
    env: { ...process.env, AIBOX_HOME: home(skills, profile), BENCH_KEY: 'sk-bench' },
  });
  const body = llm.requests[before].body;
  const system = estimateTextTokens(body.messages[0].content);
  const tools = estimateTextTokens(JSON.stringify(body.tools ?? []));
  return { system, tools, total: system + tools, count: body.tools?.length ?? 0 };
}

let missed = 0;
try {
  for (const lang of ['en', 'zh']) {
    console.log(`\nfirst request of a fresh session, lang ${lang} (tokens: system + tools = total)`);
    for (const skills of [0, 200]) {
      const base = await firstRequest(baseRoot, lang, skills);
      const line = (label, r, goal) => {
        const ratio = r === base ? '' : `  ${(r.total / base.total).toFixed(2)}× baseline`;
        const verdict = goal === undefined ? '' : r.total <= goal ? `  ≤ ${goal} ✓` : `  > ${goal} ✗ MISSED`;
        if (goal !== undefined && r.total > goal) missed++;
        console.log(
          `  ${label.padEnd(34)} ${String(r.system).padStart(5)} + ${String(r.tools).padStart(5)} = ${String(r.total).padStart(5)}  (${r.count} tools)${ratio}${verdict}`,
        );
      };
      line(`baseline ${BASELINE}, ${skills} skills`, base);
      line(
        `default, ${skills} skills`,
        await firstRequest(here, lang, skills, 'default'),
        skills === 200 ? GOALS.default : undefined,
      );
      line(`compact, ${skills} skills`, await firstRequest(here, lang, skills, 'compact'), GOALS.compact);
    }
  }
} finally {
  await llm.close();
  for (const dir of [...homes, baseRoot]) rmSync(dir, { recursive: true, force: true });
}
process.exitCode = missed > 0 ? 1 : 0;
