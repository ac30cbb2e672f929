/** /file PATH: only a regular, non-empty file inside the workspace, within channels.max_file_bytes. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataPaths } from '../../src/config/paths.js';
import { defaultConfig } from '../../src/config/schema.js';
import { fileCommand } from '../../src/slash-commands/file.js';
import type { SlashCommand } from '../../src/slash-commands/types.js';
import { tempHome } from '../helpers/cli.js';

type CommandSession = Parameters<SlashCommand['run']>[0]['session'];

describe('/file', () => {
  const home = tempHome('aibox-file-cmd-');
  const paths = dataPaths(home);
  const config = defaultConfig();
  config.channels.max_file_bytes = 1000;
  const ws = paths.workspace;
  mkdirSync(join(ws, 'chat-files', 'sub'), { recursive: true });
  writeFileSync(join(ws, 'chat-files', '报表 1.txt'), 'numbers');
  writeFileSync(join(ws, 'empty.txt'), '');
  writeFileSync(join(ws, 'big.bin'), Buffer.alloc(1001));
  const outside = tempHome('aibox-file-outside-');
  writeFileSync(join(outside, 'secret.txt'), 'secret');
  symlinkSync(join(outside, 'secret.txt'), join(ws, 'link-out.txt'));
  symlinkSync(join(ws, 'chat-files', '报表 1.txt'), join(ws, 'link-in.txt'));
  writeFileSync(join(home, 'config-like.json'), '{}');
  execFileSync('mkfifo', [join(ws, 'pipe')]);

  const run = (args: string, lang: 'en' | 'zh' = 'en') =>
    fileCommand.run({ services: { config, paths }, session: { id: 'main' } as CommandSession, lang, args });

  it('offers a workspace file, also through a link that stays inside, with its path and size', async () => {
    const result = await run('chat-files/报表 1.txt');
    expect(result.data).toEqual({ ok: true, path: join('chat-files', '报表 1.txt'), bytes: 7 });
    expect(result.file).toMatchObject({ name: '报表 1.txt', shown: join('chat-files', '报表 1.txt') });
    expect(result.content).toContain('7 bytes');
    expect((await run('"link-in.txt"')).file?.name).toBe('报表 1.txt');
    expect((await run('chat-files/报表 1.txt', 'zh')).content).toContain('7 字节');
  });

  it('refuses what is outside, missing, not a file, empty, too big, or not a usable path', async () => {
    const refusal = async (args: string) => {
      const result = await run(args);
      expect(result.file, args).toBeUndefined();
      expect(result.data, args).toEqual({ ok: false, error: 'bad_argument' });
      return result.content;
    };
    expect(await refusal('')).toContain('Usage');
    expect(await refusal('../config-like.json')).toContain('Only files in the workspace');
    expect(await refusal(join(outside, 'secret.txt'))).toContain('Only files in the workspace');
    expect(await refusal('link-out.txt')).toContain('Only files in the workspace');
    expect(await refusal('/etc/passwd')).toContain('Only files in the workspace');
    expect(await refusal('.')).toContain('Only files in the workspace');
    expect(await refusal('nope.txt')).toContain('No such file');
    expect(await refusal('chat-files/sub')).toContain('Not a regular file');
    expect(await refusal('empty.txt')).toContain('empty');
    expect(await refusal('big.bin')).toContain('1000-byte limit');
    expect(await refusal(`a${'b'.repeat(2000)}`)).toContain('Not a usable path');
    expect(await refusal('chat-files/\u0000x')).toContain('Not a usable path');
    expect(await refusal('chat-files/\nx')).toContain('Not a usable path');
    expect(await refusal('pipe')).toContain('Not a regular file');
  });
});
