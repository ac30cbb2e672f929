/**
 * Where the file tools may go (src/safety/files/file-access.ts) and which targets
 * write_file refuses (finding 8). Every case uses real files, links and FIFOs.
 */
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  linkSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataPaths } from '../../../src/config/paths.js';
import type { SafetyRule } from '../../../src/config/schema.js';
import { createFileAccess } from '../../../src/safety/files/file-access.js';
import { globMatches, literalGlob } from '../../../src/safety/files/path-glob.js';
import { protectedPlaces as secretPathsOf } from '../../../src/safety/protected-paths.js';
import type { ApprovalOutcome, ApprovalRequest } from '../../../src/safety/types.js';
import { createListFilesTool } from '../../../src/tools/files/list-files.js';
import { createReadFileTool } from '../../../src/tools/files/read-file.js';
import { createWriteFileTool } from '../../../src/tools/files/write-file.js';
import type { ToolResult } from '../../../src/tools/tool.js';
import { makeContext, tempDir } from '../../helpers/tool-context.js';

type Asked = Omit<ApprovalRequest, 'sessionId' | 'turnId' | 'callId'>;

/** A box: data dir with its secrets, workspace, skills dir, an outside dir; tools sharing one access policy. */
function box(
  safety: { mode?: 'ask' | 'deny' | 'off'; rules?: SafetyRule[]; roots?: string[]; wide?: boolean } = {},
) {
  // wide: the workspace is the user's home, which holds the data dir (`tools.workspace_dir: "~"`).
  const top = realpathSync(tempDir('aibox-home-'));
  const home = safety.wide ? join(top, '.aibox') : top;
  const paths = dataPaths(home);
  const workspace = safety.wide ? top : join(home, 'workspace');
  mkdirSync(workspace, { recursive: true });
  mkdirSync(home, { recursive: true });
  mkdirSync(paths.skills);
  mkdirSync(paths.prompts);
  writeFileSync(paths.config, '{"server":{"token":"s3cret-token"}}');
  writeFileSync(paths.database, 'db');
  writeFileSync(`${paths.database}-wal`, 'wal');
  writeFileSync(paths.log, 'log');
  writeFileSync(`${paths.log}.1`, 'old log');
  const outside = realpathSync(tempDir('aibox-outside-'));
  writeFileSync(join(outside, 'notes.txt'), 'outside notes\n');
  const access = createFileAccess({
    workspace,
    roots: () => [paths.skills, ...(safety.roots ?? [])],
    aibox: { home, places: [paths.skills, paths.prompts, paths.config] },
    secrets: secretPathsOf(paths, join(home, 'user-home')),
    safety: () => ({ mode: safety.mode ?? 'ask', rules: safety.rules ?? [] }),
  });
  const read = createReadFileTool({ lang: 'en', workspace, access, maxBytes: () => 1024 * 1024 });
  const recorded: string[] = [];
  const write = createWriteFileTool({
    lang: 'en',
    workspace,
    access,
    recordWrite: async (real) => {
      recorded.push(real);
    },
  });
  const list = createListFilesTool({ lang: 'en', workspace, access });
  const asked: Asked[] = [];
  /** Runs a tool; `answer` is the person (absent: nobody can be asked). */
  const run = async (
    tool: typeof read | typeof write | typeof list,
    args: Record<string, unknown>,
    answer?: ApprovalOutcome,
  ): Promise<ToolResult> => {
    const ctx = makeContext();
    if (answer)
      ctx.requestApproval = async (request) => {
        asked.push(request);
        return answer;
      };
    // biome-ignore lint/suspicious/noExplicitAny: each tool parses its own arguments
    return (tool as any).execute(tool.parameters.parse(args), ctx);
  };
  return { home, paths, workspace, outside, read, write, list, run, asked, recorded };
}

const YES: ApprovalOutcome = { approved: true, how: 'allow', by: 'tester' };
const NO: ApprovalOutcome = { approved: false, how: 'deny', by: 'tester' };

describe("file tools: Aibox's own places are no write roots", () => {
  it('writing into the skills dir is asked (never remembered); a no writes nothing, a yes writes and is recorded', async () => {
    const b = box();
    const target = join(b.paths.skills, 'sysinfo');
    writeFileSync(target, '#!/bin/sh\necho mine\n', { mode: 0o755 });
    const denied = await b.run(b.write, { filepath: target, content: 'evil' }, NO);
    expect(denied.ok).toBe(false);
    expect(readFileSync(target, 'utf8')).toContain('mine');
    expect(b.asked[0]).toMatchObject({ tool: 'write_file', command: `write_file ${target}` });
    expect(b.asked[0]?.rememberable).toBeUndefined();
    expect(b.asked[0]?.reason).toContain("Aibox's own places");
    expect(b.recorded).toEqual([]);
    expect((await b.run(b.write, { filepath: target, content: 'new' }, YES)).ok).toBe(true);
    expect(readFileSync(target, 'utf8')).toBe('new');
    expect(statSync(target).mode & 0o777).toBe(0o755);
    // Before the write (no reload sees it as the user's) and after it (its new hash).
    expect(b.recorded).toEqual([target, target]);
    expect((await b.run(b.write, { filepath: join(b.paths.skills, 'x/SKILL.md'), content: '#' })).ok).toBe(
      false,
    );
  });

  it('the prompts dir, the config dir and the data dir are asked; the workspace inside the data dir is not', async () => {
    const b = box();
    for (const target of [join(b.paths.prompts, '00-soul.md'), join(b.home, 'channel-senders.json')]) {
      const r = await b.run(b.write, { filepath: target, content: 'x' });
      expect(r.ok).toBe(false);
      expect(() => statSync(target)).toThrow();
    }
    expect((await b.run(b.write, { filepath: join(b.workspace, 'ok.txt'), content: 'x' })).ok).toBe(true);
    expect(b.recorded).toEqual([join(b.workspace, 'ok.txt'), join(b.workspace, 'ok.txt')]);
  });

  it('a workspace holding the data dir (workspace ~) does not make it writable', async () => {
    const b = box({ wide: true });
    expect(b.workspace).toBe(dirname(b.home));
    for (const target of [join(b.paths.skills, 'planted'), join(b.home, 'notes.json')]) {
      expect((await b.run(b.write, { filepath: target, content: 'x' })).ok).toBe(false);
      expect(() => statSync(target)).toThrow();
    }
    expect((await b.run(b.write, { filepath: join(b.workspace, 'fine.txt'), content: 'x' })).ok).toBe(true);
  });
});

describe('file tools: roots', () => {
  it('read/write/list inside the workspace, the skills dir and safety.file_roots without asking', async () => {
    const extra = realpathSync(tempDir('aibox-root-'));
    const b = box({ roots: [extra] });
    writeFileSync(join(extra, 'x.txt'), 'x\n');
    expect((await b.run(b.write, { filepath: 'a.txt', content: 'a' }, YES)).ok).toBe(true);
    expect((await b.run(b.read, { filepath: join(extra, 'x.txt') }, YES)).ok).toBe(true);
    writeFileSync(join(b.paths.skills, 'weather.md'), '# Weather\n');
    expect((await b.run(b.read, { filepath: join(b.paths.skills, 'weather.md') }, YES)).ok).toBe(true);
    expect((await b.run(b.list, { directory: b.paths.skills }, YES)).ok).toBe(true);
    expect((await b.run(b.list, { directory: extra }, YES)).ok).toBe(true);
    expect(b.asked).toEqual([]);
  });

  it('outside the roots with nobody to ask: refused, nothing read or written, and the model is told why', async () => {
    const b = box();
    const read = await b.run(b.read, { filepath: join(b.outside, 'notes.txt') });
    expect(read.ok).toBe(false);
    expect(read.content).not.toContain('outside notes');
    expect(read.content).toContain(`Not done: read_file ${join(b.outside, 'notes.txt')}`);
    expect(read.content).toContain('Nobody can approve right now');
    const write = await b.run(b.write, { filepath: join(b.outside, 'new.txt'), content: 'x' });
    expect(write.ok).toBe(false);
    expect(() => statSync(join(b.outside, 'new.txt'))).toThrow();
    expect((await b.run(b.list, { directory: b.outside })).content).toContain('Not done: list_files');
  });

  it('outside the roots asks a person: the request names the tool and the real path and can be remembered', async () => {
    const b = box();
    const target = join(b.outside, 'new.txt');
    const denied = await b.run(b.write, { filepath: target, content: 'x' }, NO);
    expect(denied.content).toContain('The user denied it (tester)');
    expect(() => statSync(target)).toThrow();
    expect(b.asked[0]).toMatchObject({
      tool: 'write_file',
      command: `write_file ${target}`,
      rememberable: { decision: 'allow', tool: 'file', command: 'write_file', args: [target] },
    });
    expect(b.asked[0]?.reason).toContain('outside the workspace');
    expect((await b.run(b.write, { filepath: target, content: 'x' }, YES)).ok).toBe(true);
    expect(readFileSync(target, 'utf8')).toBe('x');
    expect((await b.run(b.read, { filepath: target }, YES)).content).toContain('1 | x');
  });

  it('a symlink inside the workspace that points outside counts as outside', async () => {
    const b = box();
    symlinkSync(b.outside, join(b.workspace, 'escape'));
    symlinkSync(join(b.outside, 'notes.txt'), join(b.workspace, 'notes-link.txt'));
    const viaDir = await b.run(b.read, { filepath: 'escape/notes.txt' });
    expect(viaDir.ok).toBe(false);
    expect(viaDir.content).not.toContain('outside notes');
    expect((await b.run(b.read, { filepath: 'notes-link.txt' })).ok).toBe(false);
    expect((await b.run(b.write, { filepath: 'escape/planted.txt', content: 'x' })).ok).toBe(false);
    expect(() => statSync(join(b.outside, 'planted.txt'))).toThrow();
    await b.run(b.read, { filepath: 'escape/notes.txt' }, NO);
    expect(b.asked[0]?.command).toBe(`read_file ${join(b.outside, 'notes.txt')}`);
  });

  it('the data dir’s secrets and ~/.ssh-like paths are refused even when a person or a rule allows', async () => {
    const b = box({ rules: [{ decision: 'allow', tool: 'file', command: '*', args: ['/**'] }] });
    const sshDir = join(b.outside, '.ssh');
    mkdirSync(sshDir);
    writeFileSync(join(sshDir, 'id_ed25519'), 'PRIVATE KEY');
    linkSync(b.paths.config, join(b.workspace, 'innocent.json'));
    symlinkSync(b.paths.config, join(b.workspace, 'config-link.json'));
    mkdirSync(join(b.home, 'mcp-oauth'));
    writeFileSync(join(b.home, 'mcp-oauth', 'gh.json'), '{"tokens":{"access_token":"s3cret-oauth"}}');
    writeFileSync(join(b.home, 'service.env'), 'DEEPSEEK_API_KEY=s3cret-service\n');
    const targets = [
      join(b.home, 'mcp-oauth', 'gh.json'), // an MCP server's OAuth tokens
      join(b.home, 'service.env'), // the service's model key and channel secrets
      b.paths.config,
      b.paths.database,
      `${b.paths.database}-wal`,
      b.paths.log,
      `${b.paths.log}.1`,
      join(sshDir, 'id_ed25519'),
      join(b.workspace, 'innocent.json'), // a hard link to config.json
      join(b.workspace, 'config-link.json'), // a symlink to it
    ];
    for (const filepath of targets) {
      const result = await b.run(b.read, { filepath }, YES);
      expect(result.ok, filepath).toBe(false);
      expect(result.content, filepath).toContain('it is protected');
      expect(result.content).not.toMatch(/s3cret|PRIVATE|old log/);
    }
    const overwrite = await b.run(
      b.write,
      { filepath: b.paths.config, content: '{"safety":{"mode":"off"}}' },
      YES,
    );
    expect(overwrite.content).toContain('it is protected');
    expect(readFileSync(b.paths.config, 'utf8')).toContain('s3cret-token');
    expect((await b.run(b.list, { directory: sshDir }, YES)).content).toContain('it is protected');
    expect(b.asked).toEqual([]);
    // Other files of the data dir are only outside the roots: asked, not refused outright.
    writeFileSync(join(b.home, 'memories.json.txt'), 'fine');
    expect((await b.run(b.read, { filepath: join(b.home, 'memories.json.txt') }, YES)).ok).toBe(true);
  });

  it('the temp copies an atomic write makes of a protected file are refused like the file', async () => {
    const b = box();
    const temps = [
      join(b.home, '.config.json.4242.1.k3y5x0.tmp'),
      join(b.home, '..config-cache.json.4242.2.ab.tmp'),
      join(b.home, '.mcp-trust.json.17.3.zz9.tmp'),
    ];
    for (const temp of temps) writeFileSync(temp, '{"server":{"token":"s3cret-token"}}');
    for (const filepath of temps) {
      const result = await b.run(b.read, { filepath }, YES);
      expect(result.content, filepath).toContain('it is protected');
      expect(result.content).not.toContain('s3cret');
    }
    expect(b.asked).toEqual([]);
    // A file that only looks alike is another file: outside the roots, asked.
    writeFileSync(join(b.home, '.config.json.notes.tmp'), 'fine');
    expect((await b.run(b.read, { filepath: join(b.home, '.config.json.notes.tmp') }, YES)).ok).toBe(true);
  });

  it('file rules decide without asking (deny wins); safety.mode off allows outside paths without asking', async () => {
    const allowed = box({
      rules: [
        { decision: 'allow', tool: 'file', command: 'read_file', args: ['/tmp/**'] },
        { decision: 'deny', tool: 'file', command: '*', args: ['**/forbidden*'] },
      ],
    });
    expect((await allowed.run(allowed.read, { filepath: join(allowed.outside, 'notes.txt') }, NO)).ok).toBe(
      true,
    );
    writeFileSync(join(allowed.outside, 'forbidden.txt'), 'no');
    const refused = await allowed.run(
      allowed.read,
      { filepath: join(allowed.outside, 'forbidden.txt') },
      YES,
    );
    expect(refused.content).toContain('A rule in safety.rules forbids it');
    // The allow rule is for read_file only: writing there is still asked.
    await allowed.run(allowed.write, { filepath: join(allowed.outside, 'w.txt'), content: 'x' }, NO);
    expect(allowed.asked.map((a) => a.tool)).toEqual(['write_file']);

    const off = box({ mode: 'off' });
    expect((await off.run(off.read, { filepath: join(off.outside, 'notes.txt') })).ok).toBe(true);
    expect((await off.run(off.read, { filepath: off.paths.config })).ok).toBe(false);
  });
});

describe('write_file: only regular files (finding 8)', () => {
  it('refuses a symlink, a FIFO, a device and a hard-linked file, leaving each as it was', async () => {
    const b = box();
    writeFileSync(join(b.workspace, 'real.txt'), 'original');
    symlinkSync(join(b.workspace, 'real.txt'), join(b.workspace, 'link.txt'));
    execFileSync('mkfifo', [join(b.workspace, 'pipe')]);
    linkSync(join(b.workspace, 'real.txt'), join(b.workspace, 'hard.txt'));
    const cases: [string, string][] = [
      ['link.txt', 'a symbolic link'],
      ['pipe', 'a named pipe (FIFO)'],
      ['hard.txt', 'a file with 2 hard links'],
      ['/dev/null', 'a device'],
    ];
    for (const [filepath, kind] of cases) {
      const result = await b.run(b.write, { filepath, content: 'replaced' }, YES);
      expect(result.ok, filepath).toBe(false);
      expect(result.content, filepath).toContain(`the target is ${kind}`);
    }
    expect(readFileSync(join(b.workspace, 'real.txt'), 'utf8')).toBe('original');
    expect(statSync(join(b.workspace, 'pipe')).isFIFO()).toBe(true);
    expect(statSync(join(b.workspace, 'real.txt')).nlink).toBe(2);
    expect(statSync('/dev/null').isCharacterDevice()).toBe(true);
  });

  it('keeps the mode and (as root) the owner of the file it replaces', async () => {
    const b = box();
    const path = join(b.workspace, 'owned.txt');
    writeFileSync(path, 'old');
    chmodSync(path, 0o604);
    const root = process.getuid?.() === 0;
    if (root) chownSync(path, 4321, 4322);
    expect((await b.run(b.write, { filepath: 'owned.txt', content: 'new' })).ok).toBe(true);
    expect((await b.run(b.write, { filepath: 'owned.txt', content: '+', mode: 'a' })).ok).toBe(true);
    const info = statSync(path);
    expect(readFileSync(path, 'utf8')).toBe('new+');
    expect(info.mode & 0o7777).toBe(0o604);
    if (root) expect([info.uid, info.gid]).toEqual([4321, 4322]);
  });
});

describe('file rule patterns', () => {
  it('* and ? stay in one segment, ** crosses them, literal paths (with - . * 中文) match only themselves', () => {
    expect(globMatches('/srv/*.txt', '/srv/a-b.txt')).toBe(true);
    expect(globMatches('/srv/*.txt', '/srv/d/a.txt')).toBe(false);
    expect(globMatches('/srv/**', '/srv/d/e/a.txt')).toBe(true);
    expect(globMatches('/srv/?.md', '/srv/笔.md')).toBe(true);
    const odd = '/tmp/aibox-outside-x/报告 (1)*.txt';
    expect(globMatches(literalGlob(odd), odd)).toBe(true);
    expect(globMatches(literalGlob(odd), '/tmp/aibox-outside-x/报告 (1)abc.txt')).toBe(false);
  });
});
