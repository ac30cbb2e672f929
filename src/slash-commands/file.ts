/**
 * `/file PATH`: a file of the workspace, to be sent to the chat the command came from (chat
 * channels send it with the vendor's own upload, docs/channels.md "Files out"; elsewhere the
 * answer says where it is). The path is taken relative to the workspace and must stay inside it
 * once symbolic links are followed; only a regular, non-empty file of at most
 * `channels.max_file_bytes` is offered.
 */
import { lstat, realpath } from 'node:fs/promises';
import { basename, isAbsolute, relative, resolve, sep } from 'node:path';
import { workspaceDir } from '../config/workspace-dir.js';
import { fileCommandMessages } from './file-messages.js';
import type { SlashCommand } from './types.js';

const MAX_PATH_CHARS = 1024;

export const fileCommand: SlashCommand<'config' | 'paths'> = {
  name: 'file',
  help: { zh: '把工作区里的一个文件发到这个聊天', en: 'Send a file of the workspace to this chat' },
  usage: '/file PATH',
  async run({ services, lang, args }) {
    const t = fileCommandMessages(lang);
    const refused = (content: string) => ({ content, data: { ok: false, error: 'bad_argument' } });
    const asked = args.replace(/^(["'])(.*)\1$/, '$2');
    if (asked === '') return refused(t.usage);
    if (asked.length > MAX_PATH_CHARS || /[\0-\x1f\x7f]/.test(asked)) return refused(t.badPath);
    const workspace = workspaceDir(services.config, services.paths);
    const real = await realpath(resolve(workspace, asked)).catch(() => undefined);
    if (!real) return refused(t.notFound(asked));
    const root = await realpath(workspace).catch(() => workspace);
    const inside = relative(root, real);
    if (inside === '' || inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside))
      return refused(t.outside(asked));
    const info = await lstat(real);
    if (!info.isFile()) return refused(t.notFile(asked));
    if (info.size === 0) return refused(t.empty(asked));
    const max = services.config.channels.max_file_bytes;
    if (info.size > max) return refused(t.tooBig(asked, max));
    return {
      content: t.ready(inside, info.size, real),
      data: { ok: true, path: inside, bytes: info.size },
      file: { path: real, name: basename(real), shown: inside },
    };
  },
};
