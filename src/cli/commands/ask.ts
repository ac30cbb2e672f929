/**
 * `aibox ask "…"`: one agent turn from the shell, through the same session
 * layer and loop as the server. Exit 0 when the turn completed, 1 on an error
 * (printed on stderr). Ctrl-C aborts the turn (the running tool is stopped).
 */
import { basename } from 'node:path';
import type { Command } from 'commander';
import type { App } from '../../app/create-app.js';
import { CHANNEL_KINDS } from '../../channels/channel-kinds.js';
import type { StoredAttachment } from '../../conversations/types.js';
import { AppError } from '../../errors.js';
import { detectLang, isLang } from '../../i18n/lang.js';
import { pictureFileMessages } from '../../media/pictures/file-messages.js';
import { PictureError } from '../../media/pictures/normalize-picture.js';
import { readPictureFile } from '../../media/pictures/read-picture-file.js';
import { type GlobalOptions, langFlagOf } from '../context.js';
import { createAskRenderer } from './ask-render.js';
import { askMessages } from './messages.js';

interface AskOptions {
  session: string;
  new?: boolean;
  yes?: boolean;
  image?: string[];
}

const SESSION_NAME = /^[A-Za-z0-9_.-]{1,64}$/;

const collect = (value: string, previous: string[]) => [...previous, value];

/** Each `--image` read, checked and stored in the picture store, before the turn is queued. */
async function storePictures(app: App, paths: readonly string[]): Promise<StoredAttachment[]> {
  const t = pictureFileMessages(app.lang);
  const stored: StoredAttachment[] = [];
  for (const path of paths) {
    const data = readPictureFile(path, app.config.media.max_upload_bytes, app.lang);
    try {
      stored.push(await app.media.pictures.put(data, basename(path)));
    } catch (error) {
      if (error instanceof PictureError)
        throw new AppError('bad_argument', t.badPicture(path, error.message));
      throw error;
    }
  }
  return stored;
}

export function register(program: Command): void {
  // Help texts follow the language of the environment (the --lang flag is parsed later).
  const t = askMessages(detectLang({ flag: langFlagOf() }));
  program
    .command('ask')
    .description(t.description)
    .argument('[message...]', t.messageArg)
    .option('-s, --session <name>', t.sessionOption, 'cli')
    .option('--new', t.newOption)
    .option('-y, --yes', t.yesOption)
    .option(
      '--image <file>',
      pictureFileMessages(detectLang({ flag: langFlagOf() })).imageOption,
      collect,
      [],
    )
    .action(async (words: string[], options: AskOptions, command: Command) => {
      process.exitCode = await runAsk(words.join(' '), options, command.optsWithGlobals<GlobalOptions>());
    });
}

async function runAsk(message: string, options: AskOptions, globals: GlobalOptions): Promise<number> {
  const t = askMessages(detectLang({ flag: globals.lang }));
  const images = options.image ?? [];
  if (!message.trim() && images.length === 0) throw new AppError('bad_argument', t.emptyMessage);
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
    const attachments = await storePictures(app, images);
    if (options.new) await session.reset();
    const turn = session.enqueue({
      content: message,
      source: 'user',
      channel: 'cli',
      ...(attachments.length > 0 ? { attachments } : {}),
    });
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
