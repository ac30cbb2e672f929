import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CLI_PATH, runCli, tempHome, watchOutput } from '../helpers/cli.js';
import { startFakeLlm } from '../helpers/fake-llm.js';
import { connectReady } from '../helpers/ws-client.js';
import { boxConfig, testEnv } from '../server/harness.js';

/** The lines a run reports on stderr: modules loaded, or files read. */
type Report = 'LOADED ' | 'READ ';

/**
 * Node flags that load a module loader hook reporting every module on stderr: the
 * zod chunk (recognised by its `$ZodObject` class name), commander's (by `CommanderError`), pino,
 * better-sqlite3, jieba; as `builtin:<name>`, every Node built-in module the process loaded; and,
 * as `READ <path>`, every file opened with `fs.readFileSync` or `fs.openSync`. For `READ ` lines
 * alone, only the `fs` wrappers (the loader hook's thread costs a run ~0.1 s of CPU).
 */
function loadReportArgs(what: Report): string[] {
  const dir = tempHome('aibox-hook-');
  writeFileSync(
    join(dir, 'hooks.mjs'),
    `export async function load(url, context, next) {
      const result = await next(url, context);
      const text = result.source ? String(result.source) : '';
      const tags = (text.includes('"$ZodObject"') ? 'zod ' : '') + (text.includes('"CommanderError"') ? 'commander ' : '');
      process.stderr.write('LOADED ' + tags + url + '\\n');
      return result;
    }`,
  );
  writeFileSync(
    join(dir, 'register.mjs'),
    `import { register, syncBuiltinESMExports } from 'node:module';\nimport fs from 'node:fs';
    for (const name of ['readFileSync', 'openSync']) {
      const real = fs[name];
      fs[name] = function (path, ...rest) { process.stderr.write('READ ' + String(path) + '\\n'); return real.call(this, path, ...rest); };
    }
    syncBuiltinESMExports();
    if (${what === 'LOADED '}) {
      register(${JSON.stringify(pathToFileURL(join(dir, 'hooks.mjs')).href)});
      process.on('exit', () => {
        for (const m of process.moduleLoadList) if (m.startsWith('NativeModule ')) process.stderr.write('LOADED builtin:' + m.slice(13) + '\\n');
      });
    }`,
  );
  return ['--import', join(dir, 'register.mjs')];
}

const loadedLines = (stderr: string) => stderr.split('\n').filter((line) => line.startsWith('LOADED '));

/** What a quick command loads and, as `READ <path>` lines, the files it reads. */
function loadedBy(args: string[], home: string, what: Report = 'LOADED '): string[] {
  const r = spawnSync(process.execPath, [...loadReportArgs(what), CLI_PATH, ...args], {
    env: { ...process.env, AIBOX_HOME: home, AIBOX_LANG: 'en' },
    encoding: 'utf8',
  });
  expect(r.status, r.stderr).toBe(0);
  return r.stderr.split('\n').filter((line) => line.startsWith(what));
}

const named = (loaded: string[], pattern: RegExp) => loaded.filter((line) => pattern.test(line));

describe('quick commands load only what they need', () => {
  it('memory and skills search load no commander, zod, logger or jieba once config.json was validated', async () => {
    const home = tempHome();
    writeFileSync(join(home, 'config.json'), JSON.stringify({ skills: { install_examples: false } }));
    // The first command validates config.json (zod loaded) and records it.
    expect((await runCli(['memory', 'list'], { home })).code).toBe(0);

    const memory = loadedBy(['memory', 'search', '喝水'], home);
    expect(named(memory, /better-sqlite3/)).not.toEqual([]);
    expect(named(memory, /^LOADED (zod|commander) |\/pino\/|@node-rs\/jieba|@modelcontextprotocol/)).toEqual(
      [],
    );
    expect(named(memory, /builtin:fs$/)).not.toEqual([]); // the built-ins are reported
    expect(named(memory, /builtin:(child_process|zlib|crypto)$/)).toEqual([]);

    const skills = loadedBy(['skills', 'search', 'greeting'], home);
    // From its own bundle (scripts/build.mjs), which shares the validated config with the program's.
    expect(named(skills, /\/dist\/quick\/skills-search\.js$/)).not.toEqual([]);
    expect(named(memory, /\/dist\/quick\/memory-search\.js$/)).not.toEqual([]);
    expect(named(skills, /^LOADED (zod|commander) |\/pino\/|better-sqlite3|@node-rs\/jieba/)).toEqual([]);
    // Every probe is cached and nothing is installed: no process spawning, no archives; the stored
    // search tokens are keyed by file version, not by a hash.
    expect(named(skills, /builtin:(child_process|zlib|crypto)$/)).toEqual([]);
    // Any other form goes through the program.
    expect(
      named(loadedBy(['skills', 'search', 'greeting', '--help'], home), /^LOADED commander /),
    ).not.toEqual([]);

    // An edited config.json is validated again.
    writeFileSync(
      join(home, 'config.json'),
      JSON.stringify({ skills: { install_examples: false }, lang: 'en' }),
    );
    expect(named(loadedBy(['memory', 'search', 'x'], home), /^LOADED zod /)).not.toEqual([]);
  });
});

describe('program commands load only what they need', () => {
  it('--help loads no zod; channels check with no channel set loads no zod and no grammY', async () => {
    const home = tempHome();
    writeFileSync(join(home, 'config.json'), JSON.stringify({ skills: { install_examples: false } }));
    // Every command's help text, without the config schema.
    expect(named(loadedBy(['--help'], home), /^LOADED zod |better-sqlite3/)).toEqual([]);
    expect((await runCli(['memory', 'list'], { home })).code).toBe(0);
    // The chat SDKs and sockets load only for a channel whose credentials are set.
    expect(named(loadedBy(['channels', 'check'], home), /^LOADED zod |\/grammy\//)).toEqual([]);
  });
});

describe('aibox skills search reads only the skill files it shows', () => {
  it('a search with every skill file unchanged reads none but its hits (snippets)', async () => {
    const home = tempHome();
    writeFileSync(join(home, 'config.json'), JSON.stringify({ skills: { install_examples: false } }));
    const skills = join(home, 'skills');
    mkdirSync(skills);
    for (const name of ['brew', 'paint', 'garden'])
      writeFileSync(join(skills, `${name}.md`), `# How to ${name}\n\nSteps to ${name} well.\n`);
    writeFileSync(join(skills, 'hello'), '#!/bin/sh\necho "Prints a greeting"\n', { mode: 0o755 });
    // Each file once (readFileSync opens through openSync).
    const skillReads = (args: string[]) => [
      ...new Set(loadedBy(args, home, 'READ ').filter((line) => line.startsWith(`READ ${skills}/`))),
    ];
    // The first search reads every Markdown file (and the probe the executable's header), and stores
    // what a search needs for the next command.
    expect(skillReads(['skills', 'search', 'greeting'])).toHaveLength(4);
    expect(skillReads(['skills', 'search', 'greeting'])).toEqual([]);
    expect(skillReads(['skills', 'search', 'paint'])).toEqual([`READ ${join(skills, 'paint.md')}`]);
    writeFileSync(join(skills, 'brew.md'), '# How to brew tea\n\nSteps to brew well.\n');
    expect(skillReads(['skills', 'search', 'greeting'])).toEqual([`READ ${join(skills, 'brew.md')}`]);
  });
});

describe('aibox serve loads only what its start needs', () => {
  it('sends history without zod, the tools, the agent loop or the MCP SDK; the first frame loads the parser', async () => {
    const llm = await startFakeLlm();
    const home = tempHome();
    writeFileSync(join(home, 'config.json'), JSON.stringify(boxConfig(llm)));
    // A warm start: config.json was validated (and recorded) by an earlier command.
    expect((await runCli(['memory', 'list'], { home })).code).toBe(0);
    const child = spawn(
      process.execPath,
      [...loadReportArgs('LOADED '), CLI_PATH, 'serve', '--port', '0', '--no-scheduler'],
      {
        env: { ...testEnv(home), AIBOX_LANG: 'en' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
    });
    try {
      const output = watchOutput(child);
      const address = /http:\/\/127\.0\.0\.1:\d+/;
      await output.seen(address);
      const url = (address.exec(output.text())?.[0] ?? '').replace(/^http/, 'ws');
      const client = await connectReady(url);
      const atHistory = loadedLines(stderr);
      expect(named(atHistory, /better-sqlite3/)).not.toEqual([]);
      expect(
        named(atHistory, /^LOADED zod |@modelcontextprotocol|\/openai\/|run-turn|builtin|app-tools/),
      ).toEqual([]);

      client.send({ type: 'ping' });
      await client.waitType('pong');
      // The report line comes on stderr, a pipe of its own: it may arrive after the pong.
      await expect.poll(() => named(loadedLines(stderr), /^LOADED zod /).length).toBeGreaterThan(0);
      client.close();
    } finally {
      child.kill('SIGTERM');
      await llm.close();
    }
  });
});
