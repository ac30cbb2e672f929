/**
 * `aibox ask "…"`: one agent turn from the shell, through the same session
 * layer and loop as the server. Exit 0 when the turn completed, 1 on an error
 * (printed on stderr). Ctrl-C aborts the turn (the running tool is stopped).
 */
import type { Command } from 'commander';
import { CHANNEL_KINDS } from '../../channels/channel-kinds.js';
import { AppError } from '../../errors.js';
import { detectLang, isLang } from '../../i18n/lang.js';
import type { GlobalOptions } from '../context.js';
import { createAskRenderer } from './ask-render.js';
import { askMessages } from './messages.js';

interface AskOptions {
  session: string;
  new?: boolean;
  yes?: boolean;
}

const SESSION_NAME = /^[A-Za-z0-9_.-]{1,64}$/;

export function register(program: Command): void {
  // Help texts follow the language of the environment (the --lang flag is parsed later).
  const t = askMessages(detectLang());
  program
    .command('ask')
    .description(t.description)
    .argument('<message...>', t.messageArg)
    .option('-s, --session <name>', t.sessionOption, 'cli')
    .option('--new', t.newOption)
    .option('-y, --yes', t.yesOption)
    .action(async (words: string[], options: AskOptions, command: Command) => {
      process.exitCode = await runAsk(words.join(' '), options, command.optsWithGlobals<GlobalOptions>());
    });
}

async function runAsk(message: string, options: AskOptions, globals: GlobalOptions): Promise<number> {
  const t = askMessages(detectLang({ flag: globals.lang }));
  if (!message.trim()) throw new AppError('bad_argument', t.emptyMessage);
  if (!SESSION_NAME.test(options.session)) throw new AppError('bad_argument', t.badSession(options.session));

  // Loaded here, not at the top: other commands (and `--help`) need not load the whole app.
  const { createApp } = await import('../../app/create-app.js');
  const app = await createApp({
    channels: CHANNEL_KINDS,
    ...(globals.config ? { configPath: globals.config } : {}),
    ...(isLang(globals.lang) ? { lang: globals.lang } : {}),
    scheduler: false,
    watchSkills: false,
  });
  const session = app.sessions.get(options.session);
  const render = createAskRenderer(app.lang, { stdout: process.stdout, stderr: process.stderr });
  const unsubscribe = session.subscribe(render.listener);
  const { attachTerminalApprover } = await import('./ask-approvals.js');
  const stopApproving = attachTerminalApprover(app.approvals, {
    sessionId: session.id,
    lang: app.lang,
    yes: options.yes === true,
    interactive: process.stdin.isTTY === true && process.stderr.isTTY === true,
    input: process.stdin,
    output: process.stderr,
  });
  const onInterrupt = () => session.abort();
  process.on('SIGINT', onInterrupt);
  try {
    if (options.new) await session.reset();
    const turn = session.enqueue({ content: message, source: 'user', channel: 'cli' });
    const outcome = await turn.done;
    render.finish();
    return outcome.status === 'complete' ? 0 : 1;
  } finally {
    process.off('SIGINT', onInterrupt);
    stopApproving();
    unsubscribe();
    await app.close();
  }
}
