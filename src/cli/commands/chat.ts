/**
 * `aibox chat [ws://host:port]`: a small terminal client. Enter sends; lines
 * starting with / are slash commands; Ctrl-C aborts the running turn and a
 * second Ctrl-C exits. Works against the original Python server too.
 */

import { clearLine, createInterface, cursorTo } from 'node:readline';
import type { Command } from 'commander';
import type { FormFiller } from '../../client/form-filler.js';
import { chatMessages } from '../../client/messages.js';
import { AppError, describeError } from '../../errors.js';
import { detectLang } from '../../i18n/lang.js';
import { type GlobalOptions, langFlagOf } from '../context.js';
import { parseImageLine, sendImage } from './chat-image.js';

interface ChatOptions {
  token?: string;
  session?: string;
}

const SESSION = /^[A-Za-z0-9_.:-]{1,64}$/;

export function register(program: Command): void {
  const t = chatMessages(detectLang({ flag: langFlagOf() }));
  program
    .command('chat')
    .description(t.description)
    .argument('[url]', t.urlArg)
    .option('--token <token>', t.tokenOption)
    .option('-s, --session <name>', t.sessionOption)
    .action(async (url: string | undefined, options: ChatOptions, command: Command) => {
      process.exitCode = await runChat(url, options, command.optsWithGlobals<GlobalOptions>());
    });
}

function chatUrl(raw: string, session: string | undefined, t: ReturnType<typeof chatMessages>): string {
  let url: URL;
  try {
    url = new URL(/^[a-z]+:\/\//i.test(raw) ? raw : `ws://${raw}`);
  } catch {
    throw new AppError('bad_argument', t.badUrl(raw));
  }
  if (url.protocol === 'http:' || url.protocol === 'https:')
    url.protocol = url.protocol === 'http:' ? 'ws:' : 'wss:';
  if (url.protocol !== 'ws:' && url.protocol !== 'wss:') throw new AppError('bad_argument', t.badUrl(raw));
  if (session !== undefined) {
    if (!SESSION.test(session)) throw new AppError('bad_argument', t.badSession(session));
    url.searchParams.set('session', session);
  }
  return url.toString();
}

function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}

/**
 * The client key of this machine's box, for a box on loopback only: it never leaves the machine.
 * Read from `AIBOX_HOME` (or ~/.aibox), the data dir of the box this user runs.
 */
async function localClientKey(url: string): Promise<string | undefined> {
  if (!isLoopbackUrl(url)) return undefined;
  const { readClientKey, CLIENT_KEY_FILE } = await import('../../config/client-key.js');
  const { resolveHome } = await import('../../config/paths.js');
  const { join } = await import('node:path');
  return readClientKey(join(resolveHome(), CLIENT_KEY_FILE));
}

/** This data dir's config.json (or `--config`) as plain JSON, or undefined: read without the schema, which the server applies. */
async function localConfigJson(configPath: string | undefined): Promise<Record<string, unknown> | undefined> {
  const { readTextIfExistsSync } = await import('../../util/read-if-exists.js');
  const { dataPaths, resolveHome } = await import('../../config/paths.js');
  try {
    const text = readTextIfExistsSync(configPath ?? dataPaths(resolveHome()).config);
    const parsed = text === undefined ? undefined : (JSON.parse(text) as unknown);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined; // an unreadable or broken file: the server says what is wrong with it
  }
}

const serverSection = (config: Record<string, unknown> | undefined) =>
  (config?.server ?? {}) as { host?: unknown; port?: unknown; token?: unknown };

/**
 * Without a URL: the box of this data dir, where it said it listens (`serve --port N` included),
 * else its config's `server.host`/`port`, else the default address.
 */
async function localBoxUrl(config: Record<string, unknown> | undefined): Promise<string> {
  const { runningBoxAddress } = await import('../../store/box-info.js');
  const { resolveHome } = await import('../../config/paths.js');
  const server = serverSection(config);
  const configured =
    typeof server.port === 'number' && Number.isInteger(server.port) && server.port > 0
      ? { host: typeof server.host === 'string' ? server.host : '127.0.0.1', port: server.port }
      : undefined;
  const { host, port } = runningBoxAddress(resolveHome()) ?? configured ?? { host: '127.0.0.1', port: 8765 };
  const reach = ['0.0.0.0', '::', ''].includes(host) ? '127.0.0.1' : host;
  return `ws://${reach.includes(':') ? `[${reach}]` : reach}:${port}`;
}

/** `server.token` of this machine's box, for a box on loopback only: a token is never sent to another machine unasked. */
function localServerToken(url: string, config: Record<string, unknown> | undefined): string | undefined {
  if (!isLoopbackUrl(url)) return undefined;
  const token = serverSection(config).token;
  return typeof token === 'string' && token !== '' ? token : undefined;
}

async function runChat(
  rawUrl: string | undefined,
  options: ChatOptions,
  globals: GlobalOptions,
): Promise<number> {
  const lang = detectLang({ flag: globals.lang });
  const t = chatMessages(lang);
  const config = await localConfigJson(globals.config);
  const url = chatUrl(rawUrl ?? (await localBoxUrl(config)), options.session, t);
  // Loaded here so that other commands do not pay for the WebSocket client.
  const { openClientConnection } = await import('../../client/connection.js');
  const { createRenderer } = await import('../../client/render.js');
  const { terminalApprovalMessages } = await import('../../client/messages.js');
  const { parseApprovalAnswer } = await import('../../client/approval-prompt.js');
  const { createFormFiller } = await import('../../client/form-filler.js');
  const approvalTexts = terminalApprovalMessages(lang);
  const clientKey = await localClientKey(url);
  const token = options.token ?? process.env.AIBOX_TOKEN ?? localServerToken(url, config);
  const render = createRenderer({ out: process.stdout, t, approvals: approvalTexts, lang });
  const rl = createInterface({
    input: process.stdin,
    output: process.stdout,
    terminal: process.stdin.isTTY === true,
  });
  /** Messages whose turn has not ended, plus commands not answered yet. */
  let pending = 0;
  const interactive = process.stdin.isTTY === true && process.stdout.isTTY === true;
  let opened = false;
  let inputClosed = false;
  let lastInterrupt = 0;
  /** Approval requests shown and not resolved yet, oldest first: a y/a/n line answers the first. */
  const approvals: { id: string; canAlways: boolean }[] = [];
  /** Forms an MCP server asks for, oldest first: the lines typed fill in the first, field by field. */
  const forms: FormFiller[] = [];

  return new Promise<number>((resolve) => {
    const finish = (code: number) => {
      rl.close();
      resolve(code);
    };
    const maybeDone = () => {
      if (inputClosed && opened && pending === 0) conn.stop();
    };
    render.note(t.connecting(url));
    const conn = openClientConnection({
      url,
      token,
      clientKey,
      onOpen: () => {},
      onFrame: (frame) => {
        // The prompt is showing on a terminal (nothing asked is unanswered): what comes now (a task's
        // notice, a skills change) is written over the prompt's line, and the prompt drawn again below.
        const atPrompt = interactive && opened && pending === 0;
        if (atPrompt) {
          clearLine(process.stdout, 0);
          cursorTo(process.stdout, 0);
        }
        // Ready once the welcome is through: `history` here, the ack on the original server.
        if (
          frame.type === 'history' ||
          (frame.type === 'connection_ack' && typeof frame.protocol !== 'number')
        )
          opened = true;
        if (render.frame(frame).turnEnded || frame.type === 'command_result')
          pending = Math.max(0, pending - 1);
        if (frame.type === 'approval_request')
          approvals.push({ id: String(frame.approval_id), canAlways: frame.can_always === true });
        if (frame.type === 'approval_resolved') {
          const at = approvals.findIndex((a) => a.id === frame.approval_id);
          if (at >= 0) approvals.splice(at, 1);
        }
        if (frame.type === 'elicitation_request' && !forms.some((f) => f.id === frame.elicitation_id)) {
          forms.push(createFormFiller(frame, lang));
          if (forms.length === 1) process.stdout.write(forms[0]?.start() ?? '');
        }
        if (frame.type === 'elicitation_resolved') {
          const at = forms.findIndex((f) => f.id === frame.elicitation_id);
          if (at >= 0) forms.splice(at, 1);
          if (at === 0 && forms[0]) process.stdout.write(forms[0].start());
        }
        // Values the server did not take (it says why): the form is asked again from the top.
        const head = forms[0];
        if (
          head &&
          frame.type === 'error' &&
          frame.code === 'invalid_values' &&
          head.id === frame.elicitation_id
        ) {
          const again = createFormFiller(head.frame, lang);
          forms[0] = again;
          process.stdout.write(again.start());
        }
        // The prompt comes back after anything that answers the user: a turn's end or a command's
        // reply; not while a form asks its questions.
        const filling = forms[0] !== undefined && !forms[0].sent;
        if (!filling && (atPrompt || ['history', 'complete', 'error', 'command_result'].includes(frame.type)))
          rl.prompt(true);
        maybeDone();
      },
      onRetry: (ms) => {
        pending = 0; // the server keeps queued turns; their answers come back in `history`
        approvals.length = 0; // still-pending requests are sent again after `history`
        forms.length = 0;
        render.note(t.reconnecting(Math.round(ms / 100) / 10));
      },
      onEnd: (code) => {
        if (code === 4401) render.note(t.authFailed);
        finish(code === 4401 ? 1 : 0);
      },
    });
    rl.setPrompt(t.prompt);
    rl.on('line', (line) => {
      const form = forms[0];
      if (form && !form.sent) {
        const step = form.take(line);
        if (step.kind === 'ask') process.stdout.write(step.text);
        else conn.send(step.frame);
        return;
      }
      const text = line.trim();
      if (!text) return;
      const waiting = approvals[0];
      if (waiting && !text.startsWith('/')) {
        const decision = parseApprovalAnswer(text, waiting.canAlways);
        if (decision) conn.send({ type: 'approval', approval_id: waiting.id, decision });
        else render.note(approvalTexts.badAnswer(waiting.canAlways));
        return;
      }
      const image = parseImageLine(text);
      if (image === 'usage') return render.note(t.imageUsage);
      if (image) {
        pending++;
        sendImage(image, { wsUrl: url, token, clientKey, lang }).then(
          (frame) => conn.send(frame),
          (error: unknown) => {
            pending = Math.max(0, pending - 1);
            render.note(t.imageFailed(describeError(error)));
            rl.prompt(true);
          },
        );
        return;
      }
      conn.send(
        text.startsWith('/') ? { type: 'command', command: text } : { type: 'message', content: text },
      );
      pending++;
    });
    rl.on('SIGINT', () => {
      const now = Date.now();
      if (pending > 0 && now - lastInterrupt > 2000) {
        lastInterrupt = now;
        conn.send({ type: 'abort' });
        render.note(t.aborting);
        return;
      }
      if (now - lastInterrupt <= 2000) {
        render.note(t.bye);
        conn.stop();
        return;
      }
      lastInterrupt = now;
      render.note(t.pressAgain);
    });
    rl.on('close', () => {
      inputClosed = true;
      maybeDone();
    });
  });
}
