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
