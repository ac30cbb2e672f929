/**
 * The real-program skill corpus (issue 11): programs of /usr/bin linked into a skills dir as a user
 * would, everyday requests in English and Chinese, and the judge of a junk summary. Shared by
 * test/skills/probe/real-programs.test.ts (a small set) and bench/skills-real.mjs (300 programs).
 * Node built-ins only; what is not installed is skipped.
 */
import { accessSync, constants, readdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';

const corpus = JSON.parse(readFileSync(new URL('./skills-real-corpus.json', import.meta.url), 'utf8'));

/** @type {{ q: string; expect: string[] }[]} */
export const REQUESTS = corpus.requests;

function runnable(path) {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Programs to link: every installed program some request expects, the distractors, and (up to
 * `count`) an even sample of the rest of `binDir`; never one of the excluded (power, sessions, GUI).
 */
export function pickPrograms(count, binDir = '/usr/bin') {
  const excluded = new Set(corpus.exclude);
  const ok = (name) =>
    /^[A-Za-z0-9_][A-Za-z0-9_-]*$/.test(name) && !excluded.has(name) && runnable(join(binDir, name));
  const chosen = new Set();
  for (const name of [...REQUESTS.flatMap((r) => r.expect), ...corpus.distractors]) {
    if (chosen.size < count && ok(name)) chosen.add(name);
  }
  const rest = readdirSync(binDir)
    .sort()
    .filter((name) => !chosen.has(name) && ok(name));
  const room = count - chosen.size;
  for (let i = 0; i < room && i < rest.length; i += 1) {
    chosen.add(rest[Math.floor((i * rest.length) / room)]);
  }
  return [...chosen].sort().map((name) => ({ name, path: join(binDir, name) }));
}

export function linkPrograms(dir, programs) {
  for (const p of programs) symlinkSync(p.path, join(dir, p.name));
}

/**
 * A summary no person would write: empty, a usage line, an error about the --help argument, a
 * pointer to other help, a version banner, a bug address, a #! line, terminal escapes, a path of
 * the skills dir, Markdown front matter or HTML.
 */
export function isJunkSummary(summary, skillsDir) {
  const s = summary.trim();
  return (
    s === '' ||
    s.includes(skillsDir) ||
    /[\u001b\u0008]/.test(s) ||
    /^(usage|help)\b\s*[:：]?/i.test(s) ||
    /\b(unknown|unrecogni[sz]ed|invalid|illegal) (option|argument)/i.test(s) ||
    /^\(?try\b.*--help/i.test(s) ||
    /\breport bugs\b/i.test(s) ||
    /^#!/.test(s) ||
    /^[\w.+-]+,? (version )?v?\d+(\.\d+)+\S*( \([^)]*\))?$/i.test(s) ||
    /^(---|<)/.test(s)
  );
}

/**
 * Share of requests answered first and in the first three, over requests whose programs exist;
 * `ranked(q)` gives a request's first names (default: the registry's keyword search).
 */
export function searchAccuracy(
  registry,
  ranked = (q) => registry.search(q, { limit: 3 }).hits.map((h) => h.skill.name),
) {
  const installed = new Set(registry.list().map((s) => s.name));
  let counted = 0;
  let top1 = 0;
  let top3 = 0;
  const misses = [];
  for (const r of REQUESTS) {
    if (!r.expect.some((name) => installed.has(name))) continue;
    counted += 1;
    const names = ranked(r.q);
    if (r.expect.includes(names[0])) top1 += 1;
    if (names.some((n) => r.expect.includes(n))) top3 += 1;
    else misses.push(`${r.q} → ${names.join(', ') || '(nothing)'}`);
  }
  return { counted, top1: top1 / Math.max(1, counted), top3: top3 / Math.max(1, counted), misses };
}
