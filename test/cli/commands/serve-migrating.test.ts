/**
 * `aibox serve` on the original Aibox's data with many memories (docs/backups.md): the port opens
 * before the snapshot and the migration, `/healthz` answers 503 `migrating` with how far it is,
 * and the same port then serves the box. The built CLI as a child process, real files.
 */
import { writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { tempHome } from '../../helpers/cli.js';
import { quietBoxConfig, serveProcess } from '../../helpers/serve-process.js';

function originalHome(memories: number): string {
  const home = tempHome('aibox-serve-migrating-');
  writeFileSync(join(home, 'config.json'), quietBoxConfig());
  const db = new Database(join(home, 'memories.db'));
  db.exec(`CREATE TABLE memories (id INTEGER PRIMARY KEY AUTOINCREMENT, topic TEXT NOT NULL, summary TEXT NOT NULL,
    content TEXT, start_time TEXT NOT NULL, end_time TEXT NOT NULL, created_at TEXT NOT NULL, tags TEXT, importance INTEGER DEFAULT 1)`);
  const insert = db.prepare(
    'INSERT INTO memories (topic, summary, content, start_time, end_time, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  db.transaction(() => {
    for (let i = 0; i < memories; i += 1) {
      const t = `2025-06-${String(1 + (i % 28)).padStart(2, '0')} 14:30:00`;
      insert.run(`项目进度 ${i}`, `讨论了发布计划 plan ${i}`, `详细内容 backup server ${i}`, t, t, t);
    }
  })();
  db.close();
  return home;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/** `/healthz`'s status and body, or undefined while nothing listens. */
function health(port: number): Promise<{ status: number; body: Record<string, unknown> } | undefined> {
  return new Promise((resolve) => {
    const req = get({ host: '127.0.0.1', port, path: '/healthz', timeout: 2000 }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (d: string) => {
        text += d;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on('error', () => resolve(undefined));
    req.on('timeout', () => req.destroy());
  });
}

describe('aibox serve while it migrates', () => {
  it('answers /healthz with migrating and its progress, then serves the box on the same port', async () => {
    const home = originalHome(40_000);
    const port = await freePort();
    const seen: { status: number; body: Record<string, unknown> }[] = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        const answer = await health(port);
        if (answer) seen.push(answer);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const server = await serveProcess(home, {}, ['--port', String(port)]);
    try {
      polling = false;
      await poller;
      const migrating = seen.filter((a) => a.status === 503);
      expect(migrating.length).toBeGreaterThan(0);
      expect(migrating[0]?.body).toMatchObject({ ok: false, status: 'migrating' });
      const steps = migrating.map((a) => a.body.migration as { step: string; done: number; total: number });
      expect(steps.some((m) => m.step === '2 memories' && m.total === 40_000 && m.done > 0)).toBe(true);
      expect(server.port).toBe(port);
      const ready = await health(port);
      expect(ready).toMatchObject({ status: 200, body: { ok: true } });
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });
});
