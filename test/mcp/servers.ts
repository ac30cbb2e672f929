/**
 * The real MCP servers the tests use (npm packages nobody here wrote): server-everything over
 * stdio and over its own Streamable HTTP mode, and server-filesystem on a temp dir.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
export const EVERYTHING = resolve(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
export const FILESYSTEM = resolve(ROOT, 'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js');

export const everythingStdio = () => ({ command: process.execPath, args: [EVERYTHING, 'stdio'] });
export const filesystemStdio = (dir: string) => ({ command: process.execPath, args: [FILESYSTEM, dir] });

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface HttpEverything {
  url: string;
  child: ChildProcess;
  close(): Promise<void>;
}

/** server-everything in Streamable HTTP (or the older SSE) mode on a free port; resolves once it listens. */
export async function startHttpEverything(
  mode: 'streamableHttp' | 'sse' = 'streamableHttp',
): Promise<HttpEverything> {
  const port = await freePort();
  const child = spawn(process.execPath, [EVERYTHING, mode], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise<void>((done, fail) => {
    let err = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      if (err.includes(`port ${port}`)) done();
    });
    child.once('exit', (code) => fail(new Error(`server-everything exited (${code}): ${err}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/${mode === 'sse' ? 'sse' : 'mcp'}`,
    child,
    close: () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill();
      }),
  };
}
