import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CLI_PATH, runCli, tempHome } from '../helpers/cli.js';

/**
 * What a quick command loads, seen through a module loader hook that reports every module: the
 * zod chunk (recognised by its `$ZodObject` class name), commander's (by `CommanderError`), pino,
 * better-sqlite3, jieba; and, as `builtin:<name>`, every Node built-in module the process loaded.
 */
function loadedBy(args: string[], home: string): string[] {
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
    `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(join(dir, 'hooks.mjs')).href)});
    process.on('exit', () => {
      for (const m of process.moduleLoadList) if (m.startsWith('NativeModule ')) process.stderr.write('LOADED builtin:' + m.slice(13) + '\\n');
    });`,
  );
  const r = spawnSync(process.execPath, ['--import', join(dir, 'register.mjs'), CLI_PATH, ...args], {
    env: { ...process.env, AIBOX_HOME: home, AIBOX_LANG: 'en' },
    encoding: 'utf8',
  });
  expect(r.status, r.stderr).toBe(0);
  return r.stderr.split('\n').filter((line) => line.startsWith('LOADED '));
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
    expect(named(skills, /^LOADED (zod|commander) |\/pino\/|better-sqlite3|@node-rs\/jieba/)).toEqual([]);
    // Every probe is cached and nothing is installed: no process spawning, no archives.
    expect(named(skills, /builtin:(child_process|zlib)$/)).toEqual([]);
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
