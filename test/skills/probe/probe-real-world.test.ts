/** Probing programs not written for Aibox (issue 11): clean summaries, fallbacks, reaping, retries. */
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { skillMessages } from '../../../src/skills/messages.js';
import { summarizeHelp } from '../../../src/skills/probe/help-summary.js';
import { manualNameLine } from '../../../src/skills/probe/manual-summary.js';
import { probeExecutable } from '../../../src/skills/probe/probe.js';
import { describeProbeFailure } from '../../../src/skills/probe/probe-outcome.js';
import { createSkillRegistry } from '../../../src/skills/registry.js';
import { envWithoutSecrets } from '../../../src/util/secret-env.js';
import { plainTerminalText } from '../../../src/util/untrusted-text.js';
import { isRunning } from '../../helpers/processes.js';
import { registriesClosedAfterEach, script, tempDir } from '../fixtures.js';

const t = skillMessages('en');
const env = envWithoutSecrets(process.env);
const probe = (path: string, timeoutMs = 5000) =>
  probeExecutable(path, basename(path), { timeoutMs, env, killGraceMs: 200, cwd: tempDir() });

const open = registriesClosedAfterEach();

describe('summaries of programs not written for Aibox', () => {
  it.each([
    [
      'sed: unknown option -- -\nUsage: sed [OPTION]...\n\nStream editor for text.\n',
      'Stream editor for text.',
    ],
    [
      "ps: unrecognized option '--help'\nTry 'ps --help' for more information.\nReport a snapshot of processes.",
      'Report a snapshot of processes.',
    ],
    [
      'apt 2.6.1 (amd64)\nUsage: apt [options] command\n\napt is a commandline package manager.',
      'apt is a commandline package manager.',
    ],
    ['#!/usr/bin/perl\nConverts things.', 'Converts things.'],
    [
      'Usage: wc [OPTION]... [FILE]...\n  or:  wc [OPTION]... --files0-from=F\nPrint newline, word, and byte counts.\n',
      'Print newline, word, and byte counts.',
    ],
    [
      'Usage: sed [OPTION]... {script}\n\n  -n, --quiet\n                 suppress automatic printing\n',
      'Usage: sed [OPTION]... {script}',
    ],
    [
      "help:\n\nUsage:\n ps [options]\n\n Try 'ps --help <s|l|o|t|m|a>'\n or 'ps --help <s|l|o|t|m|a>'\n for additional help text.\n",
      'Usage: ps [options]',
    ],
    ['Report bugs to <bug@example.org>.\nDoes the job well.', 'Does the job well.'],
    ['A skill that follows the spec\nusage: x', 'A skill that follows the spec'],
  ])('%j → %j', (help, summary) => {
    expect(summarizeHelp(help, help.split(/[: ]/)[0])?.summary).toBe(summary);
  });

  it('strips ANSI escapes and backspace overstrike from summary and content', async () => {
    const path = script(
      tempDir(),
      'fancy',
      "#!/bin/sh\nprintf '\\033[1mS\\bSU\\bUM\\bMM\\bMA\\bAR\\bRY\\bY\\033[0m line\\n_\\bb_\\bo_\\bd_\\by\\n'\n",
    );
    const r = await probe(path);
    expect(r).toMatchObject({ ok: true, summary: 'SUMMARY line', content: 'SUMMARY line\nbody' });
    expect(plainTerminalText('\x1b]0;title\x07x\x1b[31mred\x1b[0m')).toBe('xred');
  });

  it('shows the skill name where a script prints its own path ($0)', async () => {
    const dir = tempDir();
    const path = script(dir, 'selfname', '#!/bin/sh\necho "Usage: $0 FILE"\necho\necho "Prints itself."\n');
    const r = await probe(path);
    expect(r).toMatchObject({ ok: true, summary: 'Prints itself.' });
    expect(r.ok && r.content).toContain('Usage: selfname FILE');
    expect(r.ok && r.content).not.toContain(dir);
  });

  it('reads the NAME line of a manual page (man and mdoc)', () => {
    expect(manualNameLine('.TH LS 1\n.SH NAME\nls \\- list directory contents\n.SH SYNOPSIS\n')).toBe(
      'list directory contents',
    );
    expect(
      manualNameLine(
        '.SH NAME\nbzip2, bunzip2 \\- a block-sorting file compressor\nbzcat \\- decompresses\n.SH X',
      ),
    ).toBe('a block-sorting file compressor');
    expect(manualNameLine('.Dd x\n.Nm ls\n.Nd list directory contents\n')).toBe('list directory contents');
  });

  it('a linked system program without a description gets its manual line, marked as a fallback', async () => {
    const real = ['/usr/bin/sed', '/bin/sed'].find((p) => existsSync(p));
    const page = ['/usr/share/man/man1/sed.1.gz', '/usr/share/man/man1/sed.1'].some((p) => existsSync(p));
    if (!real || !page) return; // not installed here
    const dir = tempDir();
    const { symlinkSync } = await import('node:fs');
    symlinkSync(real, join(dir, 'sed'));
    const registry = await createSkillRegistry({ dir, lang: 'en' });
    open.push(registry);
    const sed = registry.get('sed');
    expect(sed?.summary).toMatch(/stream editor/i);
    expect(sed?.summary).not.toContain(dir);
    expect(sed?.warning).toBe(t.summaryFromManual);
    expect(registry.diagnostics().find((d) => d.file === 'sed')?.reason).toContain(t.summaryFromManual);
  });
});

describe('probe processes', () => {
  it('does not wait for a setsid child holding stdout: it is found and killed when --help exits', async () => {
    const dir = tempDir();
    const pidFile = join(dir, 'pid');
    const path = script(
      dir,
      'daemonizes',
      `#!/bin/sh\nsetsid sh -c 'echo $$ > ${pidFile}; exec sleep 300' &\nwhile [ ! -s ${pidFile} ]; do :; done\necho "Starts a daemon"\n`,
    );
    // A 5-minute probe limit: only the reaper can end this probe within the test's own limit.
    const r = await probe(path, 300_000);
    expect(r).toMatchObject({ ok: true, summary: 'Starts a daemon' });
    const pid = Number(readFileSync(pidFile, 'utf8'));
    await expect.poll(() => isRunning(pid), { timeout: 5000 }).toBe(false);
  }, 20_000);

  it('exit 127 is blamed on the #! interpreter only when it is missing', async () => {
    const dir = tempDir();
    const wrapper = await probe(script(dir, 'wrapper', '#!/bin/sh\nexec /no/such/program "$@"\n'));
    expect(wrapper.ok).toBe(false);
    const message = wrapper.ok ? '' : describeProbeFailure(wrapper.failure, t);
    expect(message).toContain('a command it runs was not found');
    expect(message).not.toContain('interpreter /bin/sh not found');
    const silent = await probe(script(dir, 'silent127', '#!/bin/sh\nexit 127\n'));
    expect(!silent.ok && describeProbeFailure(silent.failure, t)).toContain(
      'a command it runs was not found',
    );
    const missing = await probe(script(dir, 'noenv', '#!/usr/bin/env python9-none\n'));
    expect(!missing.ok && describeProbeFailure(missing.failure, t)).toContain(
      'interpreter python9-none not found',
    );
  });

  it('retries a timed-out probe once, alone, in the background, and keeps the outcome', async () => {
    const dir = tempDir();
    const home = tempDir('aibox-skills-home-');
    const marker = join(home, 'first-run-done');
    // Hangs on its first --help (as a slow program under parallel load), answers the second.
    script(
      dir,
      'slowstart',
      `#!/bin/sh\nif [ -e ${marker} ]; then echo "Answers on retry"; exit 0; fi\ntouch ${marker}\nexec sleep 300\n`,
    );
    const cacheFile = join(home, 'cache.json');
    const registry = await createSkillRegistry({
      dir,
      probeTimeoutMs: 2000,
      retryTimeouts: true,
      cacheFile,
      lang: 'en',
    });
    open.push(registry);
    const changed = new Promise((resolve) => registry.onChange(resolve));
    expect(registry.get('slowstart')?.status).toBe('broken');
    await changed;
    expect(registry.get('slowstart')).toMatchObject({ status: 'ok', summary: 'Answers on retry' });
    const warm = await createSkillRegistry({ dir, probeTimeoutMs: 2000, cacheFile, lang: 'en' });
    open.push(warm);
    expect(warm.stats().probesSpawned).toBe(0);
    expect(warm.get('slowstart')?.status).toBe('ok');
  }, 20_000);
});
