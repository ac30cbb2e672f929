import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { skillMessages } from '../../../src/skills/messages.js';
import { summarizeHelp } from '../../../src/skills/probe/help-summary.js';
import { probeExecutable } from '../../../src/skills/probe/probe.js';
import { describeProbeFailure, type ProbeOptions } from '../../../src/skills/probe/probe-outcome.js';
import { envWithoutSecrets } from '../../../src/util/secret-env.js';
import { isRunning } from '../../helpers/processes.js';
import { put, script, tempDir } from '../fixtures.js';

const t = skillMessages('en');
const env = envWithoutSecrets(process.env);
/** The probe with its failure rendered in English, as the registry shows it. */
async function probeWith(path: string, options: ProbeOptions) {
  const r = await probeExecutable(path, basename(path), options);
  return r.ok ? r : { ok: false as const, error: describeProbeFailure(r.failure, t) };
}
const probe = (path: string, timeoutMs = 300) => probeWith(path, { timeoutMs, env, killGraceMs: 200 });
const dir = tempDir();

describe('probe', () => {
  it('summary is the first non-empty stdout line; content the whole output', async () => {
    const r = await probe(
      script(dir, 'a', "#!/bin/sh\necho\necho '  Send mail via SMTP  '\necho 'options: -t TO'\n"),
    );
    expect(r).toEqual({
      ok: true,
      summary: 'Send mail via SMTP',
      content: 'Send mail via SMTP  \noptions: -t TO',
      summarySource: 'help',
    });
  });

  it('falls back to stderr when stdout is blank, and ignores the exit code', async () => {
    const r = await probe(script(dir, 'b', '#!/bin/sh\necho "  "\necho "Help on stderr" >&2\nexit 2\n'));
    expect(r).toMatchObject({ ok: true, summary: 'Help on stderr' });
  });

  it("argparse (the spec's Python template): the description after the usage block is the summary", async () => {
    const path = script(
      dir,
      'py',
      `#!/usr/bin/env python3
import argparse
p = argparse.ArgumentParser(description="温度转换工具 - 摄氏度转华氏度", epilog="使用示例:\\n  py -x 1", formatter_class=argparse.RawDescriptionHelpFormatter)
p.add_argument("-x", "--xxx", type=str, required=True, help="参数说明 with a long text to make the usage line long enough")
p.add_argument("-y", "--yyyyyyyyyyyyyyyyyyyy", type=int, default=10, help="参数说明")
p.add_argument("-z", "--zzzzzzzzzzzzzzzzzzzzzzzzzzzz", type=int, default=10, help="参数说明")
p.parse_args()
`,
    );
    const r = await probe(path, 5000);
    expect(r.ok && r.content.startsWith('usage:')).toBe(true);
    expect(r).toMatchObject({ ok: true, summary: '温度转换工具 - 摄氏度转华氏度' });
    expect(r.ok && r.summarySource).toBe('help');
  });

  it('usage block rule: wrapped usage lines, Usage: and 用法:', () => {
    expect(summarizeHelp('usage: x [-a A]\n         [-b B]\n\nDoes a thing.\n\noptions:\n')).toEqual({
      summary: 'Does a thing.',
      source: 'help',
    });
    expect(summarizeHelp('Usage: tool FILE\nCounts lines.\n')?.summary).toBe('Counts lines.');
    expect(summarizeHelp('用法: 工具 文件\n\n统计行数\n')?.summary).toBe('统计行数');
    expect(summarizeHelp('Summary first\nusage: x\n')?.summary).toBe('Summary first');
    expect(summarizeHelp(' \n\n')).toBeUndefined();
  });

  it('usage without a description: the usage line is the summary, marked as a fallback', async () => {
    const r = await probe(
      script(
        dir,
        'nodesc',
        '#!/bin/sh\necho "usage: nodesc [-h]"\necho\necho "options:"\necho "  -h  help"\n',
      ),
    );
    expect(r).toMatchObject({ ok: true, summary: 'usage: nodesc [-h]' });
    expect(r.ok && r.summarySource).toBe('usage');
    expect(summarizeHelp('usage: y\n\npositional arguments:\n  a')?.source).toBe('usage');
  });

  it('no output is broken, with the exit code', async () => {
    const r = await probe(script(dir, 'quiet', '#!/bin/sh\nexit 3\n'));
    expect(r).toEqual({ ok: false, error: expect.stringContaining('exit code 3') });
  });

  it('a timeout is broken with the reason', async () => {
    const r = await probe(script(dir, 'slow', '#!/bin/sh\nexec sleep 30\n'));
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toContain('did not finish within 0.3 s');
  });

  it('a skill that forks a child and hangs is killed with its child on timeout', async () => {
    const pidFile = join(dir, 'child.pid');
    const path = script(
      dir,
      'forker',
      `#!/bin/bash\nsleep 60 &\necho $! > ${pidFile}\necho "Forks and hangs"\nwait\n`,
    );
    const r = await probe(path);
    expect(r.ok).toBe(false);
    const child = Number(readFileSync(pidFile, 'utf8'));
    expect(child).toBeGreaterThan(0);
    await expect.poll(() => isRunning(child), { timeout: 5000 }).toBe(false);
  });

  it('a bad interpreter is broken and names the interpreter', async () => {
    const direct = await probe(script(dir, 'badpath', '#!/no/such/python9\nprint(1)\n'));
    expect(!direct.ok && direct.error).toContain('/no/such/python9');
    const viaEnv = await probe(script(dir, 'badenv', '#!/usr/bin/env python9-missing\nprint(1)\n'));
    expect(!viaEnv.ok && viaEnv.error).toContain('python9-missing');
  });

  it('an exec format error is broken', async () => {
    const noShebang = await probe(script(dir, 'noshebang', 'echo "would run under sh"\n'));
    expect(!noShebang.ok && noShebang.error).toContain('not an executable format');
    const elf = put(
      dir,
      'elf',
      Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...new Array(12).fill(0), 0xff, 0xff]),
      0o755,
    );
    const r = await probe(elf);
    expect(!r.ok && r.error).toContain('not an executable format');
  });

  it('invalid UTF-8 output is broken', async () => {
    const r = await probe(script(dir, 'latin1', "#!/bin/sh\nprintf 'caf\\351 au lait\\n'\n"));
    expect(r).toEqual({ ok: false, error: expect.stringContaining('UTF-8') });
  });

  it('the probe environment holds no secret', async () => {
    const secretEnv = envWithoutSecrets(
      {
        PATH: process.env.PATH,
        MY_LLM_VAR: 'sk-1',
        OPENAI_API_KEY: 'sk-2',
        GH_TOKEN: 't',
        DB_PASSWORD: 'p',
        HOME: '/tmp',
      },
      ['MY_LLM_VAR'],
    );
    const r = await probeWith(script(dir, 'envdump', '#!/bin/sh\necho "Env dump"\nenv\n'), {
      timeoutMs: 2000,
      env: secretEnv,
    });
    expect(r.ok).toBe(true);
    const content = r.ok ? r.content : '';
    expect(content).toContain('HOME=/tmp');
    for (const secret of ['MY_LLM_VAR', 'OPENAI_API_KEY', 'GH_TOKEN', 'DB_PASSWORD', 'sk-1', 'sk-2']) {
      expect(content).not.toContain(secret);
    }
  });
});
