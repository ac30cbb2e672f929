/**
 * The sandbox's network namespace: the bwrap/slirp4netns plan (unit), and real processes — a
 * sandboxed command with the network on reaches neither a server on the host's loopback (by
 * 127.0.0.1 or by slirp's gateway 10.0.2.2) nor a loopback-only server through this machine's
 * other address, while a server this machine serves on that address is reachable (outbound works).
 * Only loopback and this machine's own addresses are ever targets.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bwrapArgs, type SandboxStatus, sandboxSpawn } from '../../../src/safety/sandbox/sandbox.js';
import {
  type NetworkStack,
  resolverIsLoopback,
  withNetwork,
} from '../../../src/safety/sandbox/sandbox-network.js';
import { probeBwrap } from '../../../src/safety/sandbox/sandbox-probe.js';
import { runProcess } from '../../../src/util/run-process.js';
import { tempDir } from '../../helpers/tool-context.js';
import { until } from '../../helpers/until.js';

const STACK: NetworkStack = {
  slirp: '/usr/bin/slirp4netns',
  version: 'slirp4netns version 1.2.0',
  mktemp: '/usr/bin/mktemp',
  mkfifo: '/usr/bin/mkfifo',
  rm: '/usr/bin/rm',
};

describe('the sandbox network plan', () => {
  const layout = (network?: NetworkStack) => ({
    workspace: '/w',
    skillsDir: '/s',
    home: '/nonexistent-home',
    dataDirs: [],
    hidden: [],
    network,
  });

  it('always gives the sandbox its own network namespace', () => {
    expect(bwrapArgs(layout(), 'true', '/w')).toContain('--unshare-net');
    expect(bwrapArgs(layout(STACK), 'true', '/w')).toContain('--unshare-net');
  });

  it('binds a resolv.conf naming 10.0.2.3 only when the host resolver is loopback', () => {
    expect(bwrapArgs(layout(STACK), 'true', '/w')).not.toContain('--ro-bind-data');
    const args = bwrapArgs(layout({ ...STACK, resolvConf: '/run/resolv.conf' }), 'true', '/w');
    const at = args.indexOf('--ro-bind-data');
    expect(args.slice(at, at + 3)).toEqual(['--ro-bind-data', '6', '/run/resolv.conf']);
    expect(at).toBeGreaterThan(args.indexOf('/')); // after the read-only root it replaces a file of
    const launch = withNetwork({ ...STACK, resolvConf: '/run/resolv.conf' }, '/usr/bin/bwrap', args);
    expect(launch.args[1]).toContain('nameserver 10.0.2.3');
    expect(resolverIsLoopback('nameserver 127.0.0.53\noptions edns0\n')).toBe(true);
    expect(resolverIsLoopback('nameserver ::1\n')).toBe(true);
    expect(resolverIsLoopback('nameserver 10.255.255.53\n')).toBe(false);
  });

  it('starts bwrap by absolute path through slirp4netns without host loopback, or bwrap alone', () => {
    const argv = bwrapArgs(layout(STACK), 'true', '/w');
    expect(sandboxSpawn({ program: '/usr/bin/bwrap' }, argv)).toEqual({
      command: '/usr/bin/bwrap',
      args: argv,
    });
    const launch = sandboxSpawn({ program: '/usr/bin/bwrap', stack: STACK }, argv);
    expect(launch.command).toBe('/bin/sh');
    expect(launch.args.slice(2, 4)).toEqual(['aibox-sandbox', '/usr/bin/bwrap']);
    expect(launch.args.slice(4)).toEqual(argv);
    const script = launch.args[1] ?? '';
    expect(script).toContain("'/usr/bin/slirp4netns' --configure --disable-host-loopback");
    expect(script).toMatch(/exec "\$b" --info-fd 3 --block-fd 4 --sync-fd 5 "\$@"/);
  });
});

async function listen(host: string): Promise<Server> {
  const server = createServer((socket) => socket.end('hello\n'));
  server.listen(0, host);
  await once(server, 'listening');
  return server;
}
const portOf = (server: Server) => (server.address() as { port: number }).port;

/** This machine's first non-loopback IPv4 address, if it has one. */
function ownAddress(): string | undefined {
  for (const list of Object.values(networkInterfaces()))
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  return undefined;
}

/** Node inside the sandbox tries each host:port and prints `host:port ok|<error code>`. */
const PROBE = `
const net = require('node:net');
const targets = JSON.parse(process.argv[1]);
(async () => {
  for (const [host, port] of targets) {
    const r = await new Promise((done) => {
      const s = net.connect({ host, port, timeout: 3000 });
      s.once('connect', () => { s.destroy(); done('ok'); });
      s.once('timeout', () => { s.destroy(); done('timeout'); });
      s.once('error', (e) => done(e.code));
    });
    console.log(host + ':' + port + ' ' + r);
  }
})();`;

describe('a sandboxed command with the network on (real bwrap and slirp4netns)', () => {
  let sandbox: SandboxStatus;
  const servers: Server[] = [];
  beforeAll(async () => {
    sandbox = await probeBwrap(true, 'en');
  }, 30_000);
  afterAll(() => {
    for (const s of servers) s.close();
  });

  const inSandbox = async (targets: [string, number][]) => {
    const dir = tempDir('aibox-netns-');
    const argv = bwrapArgs(
      { workspace: dir, skillsDir: dir, home: dir, dataDirs: [], hidden: [], network: sandbox.stack },
      `exec node -e "$0" '${JSON.stringify(targets)}'`,
      dir,
    ).map((a) => (a === '-c' ? a : a));
    // `sh -c SCRIPT PROBE`: the probe is $0.
    argv.push(PROBE);
    const run = await runProcess({ ...sandboxSpawn(sandbox, argv), timeoutMs: 30_000 });
    return { out: run.stdout.toString(), err: run.stderr.toString(), code: run.exitCode };
  };

  it('is served by slirp4netns', () => {
    expect(sandbox).toMatchObject({ kind: 'bwrap', network: true });
    expect(sandbox.stack?.version).toMatch(/slirp4netns/);
    expect(sandbox.version).toMatch(/bubblewrap/);
  });

  it('reaches neither the host loopback (127.0.0.1, 10.0.2.2) nor a loopback-only server by the host address', async () => {
    const loopback = await listen('127.0.0.1');
    servers.push(loopback);
    const port = portOf(loopback);
    const own = ownAddress();
    const targets: [string, number][] = [
      ['127.0.0.1', port],
      ['10.0.2.2', port],
    ];
    if (own) targets.push([own, port]);
    const result = await inSandbox(targets);
    expect(result.err).toBe('');
    expect(result.out).toContain(`127.0.0.1:${port} ECONNREFUSED`);
    expect(result.out).toMatch(new RegExp(`10\\.0\\.2\\.2:${port} (ENETUNREACH|ECONNREFUSED|timeout)`));
    if (own) expect(result.out).toContain(`${own}:${port} ECONNREFUSED`);
    expect(result.out).not.toMatch(/ ok$/m);
  }, 60_000);

  it('has outbound access: a server on this machine’s own non-loopback address answers', async (ctx) => {
    const own = ownAddress();
    if (!own) return ctx.skip();
    const server = await listen(own);
    servers.push(server);
    const result = await inSandbox([[own, portOf(server)]]);
    expect(result.out).toContain(`${own}:${portOf(server)} ok`);
  }, 60_000);

  it('leaves no slirp4netns behind when the command ends', async () => {
    // Only the slirp4netns of this sandbox is looked at: other tests run sandboxes at the same time.
    // The launch is started in a session of its own, so its slirp4netns is the one in that session.
    const dir = tempDir('aibox-netns-');
    const argv = bwrapArgs(
      { workspace: dir, skillsDir: dir, home: dir, dataDirs: [], hidden: [], network: sandbox.stack },
      'echo up; read _; echo done',
      dir,
    );
    const { command, args } = sandboxSpawn(sandbox, argv);
    const child = spawn(command, args, { detached: true, stdio: ['pipe', 'pipe', 'inherit'] });
    const exited = once(child, 'exit');
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      out += text;
    });
    try {
      await until(() => out.includes('up'), 'the sandboxed command to start');
      const session = child.pid as number;
      const own = await slirpOfSession(session);
      expect(own).toHaveLength(1);
      child.stdin.end('\n');
      await exited;
      expect(out).toContain('done');
      // slirp4netns exits when the sandbox's sync fd closes; wait for it, bounded.
      await until(() => !own.some(alive), "the sandbox's slirp4netns to exit", 5000).catch(() => undefined);
      expect(own.filter(alive)).toEqual([]);
    } finally {
      if (child.exitCode === null) process.kill(-(child.pid as number), 'SIGKILL');
    }
  }, 60_000);
});

/** The pids of the slirp4netns processes in a session. */
async function slirpOfSession(session: number): Promise<number[]> {
  const run = await runProcess({ command: 'ps', args: ['-e', '-o', 'pid=,sid=,comm='] });
  return run.stdout
    .toString()
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([, sid, comm]) => comm === 'slirp4netns' && Number(sid) === session)
    .map(([pid]) => Number(pid));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
