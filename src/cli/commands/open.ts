import type { Command } from 'commander';
import { AppError } from '../../errors.js';
import { detectLang } from '../../i18n/lang.js';
import { commandContext, printLine } from '../command-helpers.js';
import { langFlagOf } from '../context.js';
import { askRunningBox, boxOrigin } from '../running-box.js';
import { selfCommand } from '../self-command.js';
import { openCliMessages } from './messages.js';

/**
 * `aibox open`: the page's address; with `server.token`, a one-time sign-in link the running box
 * makes (`POST /api/sign-in-codes`, asked with the token from this data dir's config).
 */
export function register(program: Command): void {
  const h = openCliMessages(detectLang({ flag: langFlagOf() }));
  program
    .command('open')
    .description(h.open)
    .action(async (_opts: unknown, command: Command) => {
      const ctx = await commandContext(command);
      const m = openCliMessages(ctx.lang);
      const origin = boxOrigin(ctx);
      if (!origin) throw new AppError('bad_argument', m.notLoopback);
      if (ctx.loaded.config.server.token === '') return printLine(m.noToken(`${origin}/`));
      const response = await askRunningBox(ctx, '/api/sign-in-codes', { method: 'POST', timeoutMs: 3000 });
      if (!response) throw new AppError('not_found', m.notRunning(origin, selfCommand()));
      const body = (await response.json().catch(() => ({}))) as {
        url?: string;
        expires_at?: string;
        error?: { message?: string };
      };
      if (!response.ok || !body.url)
        throw new AppError('bad_request', m.refused(response.status, body.error?.message ?? ''));
      const until = new Date(body.expires_at ?? Date.now()).toLocaleTimeString(
        ctx.lang === 'zh' ? 'zh-CN' : 'en',
      );
      printLine(m.link(body.url, until));
    });
}
