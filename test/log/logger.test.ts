/** The log file: secrets redacted, rotation bounded by `log.max_size_mb` × `log.files`. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataPaths } from '../../src/config/paths.js';
import { closeLogger, createLogger } from '../../src/log/logger.js';
import { tempHome } from '../helpers/cli.js';

const logFiles = (dir: string) => readdirSync(dir).filter((f) => /^ai\.log(\.\d+)?$/.test(f));

describe('logger', () => {
  it('redacts tokens, keys and authorization headers', async () => {
    const home = tempHome('aibox-log-');
    const logger = await createLogger({
      paths: dataPaths(home),
      config: { log: { level: 'info', max_size_mb: 10, files: 5 } },
      consoleLevel: 'silent',
    });
    logger.info({ token: 'tok-SECRET-1', config: { server: { token: 'tok-SECRET-2' } } }, 'starting');
    logger.warn(
      { req: { headers: { authorization: 'Bearer tok-SECRET-3' } }, apiKey: 'sk-SECRET-4' },
      'request',
    );
    closeLogger(logger);
    const text = logFiles(home)
      .map((f) => readFileSync(join(home, f), 'utf8'))
      .join('');
    expect(text).toContain('starting');
    expect(text).toContain('[redacted]');
    expect(text).not.toMatch(/SECRET/);
    expect(readFileSync(join(home, 'ai.log'), 'utf8')).toContain('request');
  });

  it('rotates by size like the original (ai.log, ai.log.1 …) and keeps at most log.files files', async () => {
    const home = tempHome('aibox-log-');
    const logger = await createLogger({
      paths: dataPaths(home),
      config: { log: { level: 'info', max_size_mb: 2 / 1024, files: 3 } },
      consoleLevel: 'silent',
    });
    for (let i = 0; i < 600; i++) logger.info({ i, pad: 'x'.repeat(100) }, 'line');
    logger.info('the last line');
    closeLogger(logger);
    expect(logFiles(home).sort()).toEqual(['ai.log', 'ai.log.1', 'ai.log.2']);
    for (const f of logFiles(home)) expect(statSync(join(home, f)).size).toBeLessThan(2048 + 400);
    expect(readFileSync(join(home, 'ai.log'), 'utf8')).toContain('the last line');
    expect(readFileSync(join(home, 'ai.log.1'), 'utf8')).toContain('"i":');
  });
});

describe('log lines', () => {
  async function collect(level: 'info' | 'debug' = 'info') {
    const lines: string[] = [];
    const logger = await createLogger({
      paths: { log: '/nonexistent/ai.log' },
      config: { log: { level, max_size_mb: 1, files: 1 } },
      consoleLevel: 'silent',
      destination: { write: (line) => lines.push(line) },
    });
    return { logger, entries: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
  }

  it('redacts every secret-named field: channel secrets, an MCP env token, api-key headers, cookies', async () => {
    const { logger, entries } = await collect();
    logger.child({ channel: { bot_token: 'SECRET-1' } }).info(
      {
        lark: { app_id: 'cli_1', app_secret: 'SECRET-2' },
        dingtalk: { client_secret: 'SECRET-3' },
        mcp: { env: { GITHUB_TOKEN: 'SECRET-4' }, headers: { 'X-Api-Key': 'SECRET-5', Cookie: 'SECRET-6' } },
        accessToken: 'SECRET-7',
        usage: { max_tokens: 8192, prompt_tokens: 12 },
      },
      'config',
    );
    expect(entries()).toHaveLength(1);
    expect(JSON.stringify(entries())).not.toMatch(/SECRET/);
    expect(entries()[0]).toMatchObject({
      lark: { app_id: 'cli_1', app_secret: '[redacted]' },
      usage: { max_tokens: 8192, prompt_tokens: 12 },
    });
  });

  it("keeps pino's shape: level, time, pid, bindings, fields, msg", async () => {
    const { logger, entries } = await collect();
    logger.child({ module: 'mcp' }).child({ server: 'fs' }).warn({ tools: 3 }, '连接成功');
    expect(entries()).toEqual([
      {
        level: 40,
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        pid: process.pid,
        module: 'mcp',
        server: 'fs',
        tools: 3,
        msg: '连接成功',
      },
    ]);
  });

  it('serialises errors with their cause, survives cycles and BigInts', async () => {
    const { logger, entries } = await collect();
    const error = Object.assign(new TypeError('boom', { cause: new Error('inner') }), { code: 'E_X' });
    const cyclic: Record<string, unknown> = { n: 1n };
    cyclic.self = cyclic;
    logger.error({ err: error, cyclic }, 'failed');
    const [entry] = entries();
    expect(entry?.err).toMatchObject({
      type: 'TypeError',
      message: 'boom',
      code: 'E_X',
      cause: { message: 'inner' },
    });
    expect(JSON.stringify(entry?.err)).toContain('TypeError: boom');
    expect(entry?.cyclic).toEqual({ n: '1', self: '[Circular]' });
  });

  it('filters by level, and a changed level (/reload) applies to children made before', async () => {
    const { logger, entries } = await collect();
    const child = logger.child({ module: 'ws' });
    child.debug('hidden');
    logger.level = 'debug';
    child.debug('shown');
    logger.level = 'error';
    child.warn('hidden too');
    expect(entries().map((e) => e.msg)).toEqual(['shown']);
    expect(logger.level).toBe('error');
  });

  it('writes to the console only at its own level, in the compact format', async () => {
    const out: string[] = [];
    const logger = await createLogger({
      paths: { log: '/nonexistent/ai.log' },
      config: { log: { level: 'debug', max_size_mb: 1, files: 1 } },
      consoleLevel: 'warn',
      consoleStream: { write: (s: string) => out.push(s) } as unknown as NodeJS.WritableStream,
      destination: { write() {} },
    });
    logger.info({ token: 'tok-SECRET' }, 'quiet');
    logger.warn({ token: 'tok-SECRET' }, 'loud');
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(/^\d\d:\d\d:\d\d WARN {2}loud token=\[redacted\]\n$/);
  });
});
