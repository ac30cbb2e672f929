/** `aibox channels check|pair|login|logout`: verify credentials; make a pairing code; log WeChat in by QR code. */
import type { Command } from 'commander';
import { channelCheckMessages } from '../../channels/messages.js';
import { wechatMessages } from '../../channels/wechat/wechat-messages.js';
import type { CliContext } from '../../config/context.js';
import { detectLang } from '../../i18n/lang.js';
import { commandContext, printJson, printLine } from '../command-helpers.js';
import { langFlagOf } from '../context.js';
import { selfCommand } from '../self-command.js';

export function register(program: Command): void {
  const h = channelCheckMessages(detectLang({ flag: langFlagOf() }));
  const channels = program.command('channels').description(h.helpChannels);
  channels
    .command('check')
    .description(h.helpCheck)
    .option('--json', 'JSON output')
    .action(async (opts: { json?: boolean }, command: Command) => {
      const ctx = await commandContext(command);
      const { checkChannels } = await import('../../channels/check-channels.js');
      const results = await checkChannels(ctx.loaded.config, ctx.loaded.path, ctx.lang, selfCommand());
      if (opts.json) printJson(results);
      else for (const result of results) printLine(result.lines.join('\n'));
      if (results.some((r) => !r.ok)) process.exitCode = 1;
    });
  channels
    .command('pair')
    .description(h.helpPair)
    .action(async (_opts: unknown, command: Command) => {
      const ctx = await commandContext(command);
      const { createSenderStore, senderStorePath } = await import('../../chats/sender-store.js');
      const ttl = ctx.loaded.config.channels.pairing_ttl_s;
      const code = createSenderStore(senderStorePath(ctx.paths)).newCode(ttl * 1000);
      printLine(channelCheckMessages(ctx.lang).pairCode(code, Math.max(1, Math.round(ttl / 60))));
    });
  const w = wechatMessages(detectLang({ flag: langFlagOf() }));
  channels
    .command('login <channel>')
    .description(w.helpLogin)
    .action(async (name: string, _opts: unknown, command: Command) => {
      const ctx = await wechatOnly(name, command);
      if (!ctx) return;
      const { loginWeChatCli } = await import('../../channels/wechat/wechat-login-cli.js');
      const input = { config: ctx.loaded.config, home: ctx.paths.home, lang: ctx.lang, aibox: selfCommand() };
      if (!(await loginWeChatCli({ ...input, print: printLine }))) process.exitCode = 1;
    });
  channels
    .command('logout <channel>')
    .description(w.helpLogout)
    .action(async (name: string, _opts: unknown, command: Command) => {
      const ctx = await wechatOnly(name, command);
      if (!ctx) return;
      const { logoutWeChatCli } = await import('../../channels/wechat/wechat-login-cli.js');
      logoutWeChatCli({ home: ctx.paths.home, lang: ctx.lang, print: printLine });
    });
}

/** `login`/`logout` take a channel name; only WeChat logs in (exit 2 for another, saying so). */
async function wechatOnly(name: string, command: Command): Promise<CliContext | undefined> {
  const ctx = await commandContext(command);
  if (name === 'wechat') return ctx;
  printLine(wechatMessages(ctx.lang).onlyWechat(name));
  process.exitCode = 2;
  return undefined;
}
