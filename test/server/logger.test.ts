/** The log file: secrets redacted, rotation bounded by `log.max_size_mb` × `log.files`. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { dataPaths } from '../../src/config/paths.js';
import { closeLogger, createLogger } from '../../src/log/logger.js';
import { tempHome } from '../helpers/cli.js';

const logFiles = (dir: string) => readdirSync(dir).filter((f) => /^ai\.\d+\.log$/.test(f));

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
    expect(readFileSync(join(home, 'ai.log'), 'utf8')).toContain('request'); // ai.log points at the current file
  });

  it('rotates by size and keeps at most log.files files', async () => {
    const home = tempHome('aibox-log-');
    const logger = await createLogger({
      paths: dataPaths(home),
      config: { log: { level: 'info', max_size_mb: 2 / 1024, files: 3 } },
      consoleLevel: 'silent',
    });
    const done = new Promise<void>((resolve) => {
      let n = 0;
      const stream = (logger as unknown as Record<symbol, { streams: { stream: NodeJS.EventEmitter }[] }>)[
        pino.symbols.streamSym
      ];
      const roll = stream?.streams[0]?.stream;
      roll?.on('cleanup-complete', () => {
        if (++n >= 5) resolve();
      });
    });
    for (let batch = 0; batch < 60; batch++) {
      for (let i = 0; i < 10; i++) logger.info({ i, pad: 'x'.repeat(100) }, 'line');
      await new Promise((r) => setTimeout(r, 1));
    }
    await done;
    closeLogger(logger);
    expect(logFiles(home).length).toBeLessThanOrEqual(3);
  });
});
