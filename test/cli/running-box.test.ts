/**
 * The CLI finds the box running on its data dir where that box listens, not only at the configured
 * port: `aibox serve --port N` (the port-in-use hint's advice) is reached by `aibox chat` without an
 * address, `aibox config set` (applied live), `aibox mcp list` (live status), `aibox open` and `aibox doctor`; after
 * `kill -9` the info file left behind is passed over for the configured port. The box and `chat`
 * are real processes; the other commands run in this process (runInProcess).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../helpers/cli.js';
import { runInProcess } from '../helpers/cli-in-process.js';
import { quietBoxConfig, serveProcess } from '../helpers/serve-process.js';

describe('the running box of a data dir', () => {
  it('is found where it listens by chat, config set, mcp list, open and doctor; a crashed one is not', async () => {
    const home = tempHome('aibox-running-box-');
    const config = { ...JSON.parse(quietBoxConfig()), server: { port: 9, token: 'tok-running-box' } };
    writeFileSync(join(home, 'config.json'), JSON.stringify(config));
    // The configured port (9) is not where it listens: `--port 0` takes a free one.
    const box = await serveProcess(home);
    try {
      const chat = await runCli(['chat', '--session', 'found'], { home, input: '/mcp\n' });
      expect(chat.stdout).toContain(`ws://127.0.0.1:${box.port}`);
      expect(chat.stdout).toContain('✅ Connected to AI server');
      expect(chat.code).toBe(0);

      const set = await runInProcess(['config', 'set', 'llm.temperature', '0.3'], { home });
      expect(set.code, set.stderr).toBe(0);
      expect(set.stdout).toContain('Applied in the running server now: llm.temperature');
      expect(set.stdout).not.toContain('not running');

      await runInProcess(['mcp', 'add', 'later', '--disabled', 'definitely-not-installed-mcp'], { home });
      const list = await runInProcess(['mcp', 'list'], { home });
      expect(list.stdout).toContain('later');
      expect(list.stdout).not.toContain('not running');

      const doctor = await runInProcess(['doctor', '--offline'], { home });
      expect(doctor.stdout).toContain(
        `✅ port: the Aibox of this data dir is running on 127.0.0.1:${box.port} (pid ${box.child.pid}; 127.0.0.1:9 is configured)`,
      );

      const open = await runInProcess(['open'], { home });
      expect(open.code, open.stderr).toBe(0);
      expect(open.stdout).toContain(`http://127.0.0.1:${box.port}/#sign-in=`);
    } finally {
      box.child.kill('SIGKILL');
      await box.exited;
    }
    // kill -9 leaves .box.json naming a pid that is gone: the configured address again.
    expect(JSON.parse(readFileSync(join(home, '.box.json'), 'utf8')).port).toBe(box.port);
    const after = await runInProcess(['open'], { home });
    expect(after.stderr).toContain('127.0.0.1:9');
    expect(after.code).toBe(1);
  }, 90_000);
});
