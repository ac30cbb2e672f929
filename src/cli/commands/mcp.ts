/**
 * `aibox mcp add|remove|list|check|login|client-metadata` (and `serve`, the box as an MCP server over stdio).
 * What an action needs beyond messages (the MCP client and server, the config editor with its
 * schema) is imported inside it, so other commands never load it.
 */
import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { CliContext } from '../../config/context.js';
import type { McpServerConfig } from '../../config/schema.js';
import { AppError, describeError } from '../../errors.js';
import { detectLang } from '../../i18n/lang.js';
import { mcpStatusLines } from '../../mcp/status-lines.js';
import type { McpServerStatus } from '../../mcp/types.js';
import { commandContext, printJson, printLine } from '../command-helpers.js';
import { type GlobalOptions, langFlagOf } from '../context.js';
import { askRunningBox, reloadRunningBox } from '../running-box.js';
import { selfCommand } from '../self-command.js';
import { mcpCliMessages } from './messages.js';

interface AddOpts {
  env: string[];
  header: string[];
  cwd?: string;
  timeout?: string;
  disabled?: boolean;
  json?: string;
  clientId?: string;
  clientSecret?: string;
  privateKey?: string;
  grant?: string;
  scope?: string;
}

const collect = (value: string, previous: string[]) => [...previous, value];

function pairs(values: string[], separator: RegExp, what: string, ctx: CliContext): Record<string, string> {
  const out: Record<string, string> = {};
  for (const value of values) {
    const match = separator.exec(value);
    if (!match || match.index === 0)
      throw new AppError('bad_argument', mcpCliMessages(ctx.lang).badPair(value, what));
    out[value.slice(0, match.index).trim()] = value.slice(match.index + match[0].length).trim();
  }
  return out;
}

function entryFrom(target: string[], opts: AddOpts, ctx: CliContext): Record<string, unknown> {
  const m = mcpCliMessages(ctx.lang);
  let entry: Record<string, unknown>;
  if (opts.json !== undefined) {
    try {
      entry = JSON.parse(opts.json) as Record<string, unknown>;
    } catch (error) {
      throw new AppError('bad_argument', m.badJson(describeError(error)));
    }
  } else if (target.length === 0) {
    throw new AppError('bad_argument', m.needTarget);
  } else if (/^https?:\/\//i.test(target[0] ?? '')) {
    entry = { url: target[0] };
    if (opts.header.length > 0) entry.headers = pairs(opts.header, /:/, 'header', ctx);
  } else {
    entry = { command: target[0], args: target.slice(1) };
    if (opts.env.length > 0) entry.env = pairs(opts.env, /=/, 'KEY=VALUE', ctx);
    if (opts.cwd) entry.cwd = opts.cwd;
  }
  // OAuth keys are checked with the rest of the entry by the config schema (what goes with what;
  // a stdio server takes none); the key file's path is made absolute here, where it was typed.
  const oauth = {
    client_id: opts.clientId,
    client_secret: opts.clientSecret,
    private_key: opts.privateKey === undefined ? undefined : resolve(opts.privateKey),
    grant: opts.grant,
    scope: opts.scope,
  };
  for (const [key, value] of Object.entries(oauth)) if (value !== undefined) entry[key] = value;
  if (opts.timeout !== undefined) entry.timeout_s = Number(opts.timeout);
  if (opts.disabled) entry.enabled = false;
  return entry;
}

/** The running server's live status, or undefined when it does not answer within a second. */
async function liveStatus(ctx: CliContext): Promise<McpServerStatus[] | undefined> {
  const response = await askRunningBox(ctx, '/api/mcp');
  if (!response?.ok) return undefined;
  return ((await response.json()) as { servers: McpServerStatus[] }).servers;
}

/** After an edit: the running box re-reads config.json, so `mcp list` shows the change at once. */
async function tellRunningBox(ctx: CliContext): Promise<void> {
  const m = mcpCliMessages(ctx.lang);
  const answer = await reloadRunningBox(ctx);
  printLine(answer === undefined ? m.notRunningNow : 'problems' in answer ? m.reloadRefused : m.appliedNow);
}

function targetOf(server: McpServerConfig): string {
  return 'command' in server ? [server.command, ...server.args].join(' ') : server.url;
}

export function register(program: Command): void {
  const h = mcpCliMessages(detectLang({ flag: langFlagOf() }));
  const mcp = program.command('mcp').description(h.mcp);
  mcp
    .command('add')
    .description(h.add)
    // The target's own options (`npx -y …`, `docker run -i …`) are its words, not errors; from the
    // first such option on, and after `--`, every word is the target's.
    .allowUnknownOption()
    .argument('<name>', h.addName)
    .argument('[target...]', h.addTarget)
    .option('-e, --env <KEY=VALUE>', h.env, collect, [])
    .option('-H, --header <header>', h.header, collect, [])
    .option('--client-id <id>', h.clientId)
    .option('--client-secret <secret>', h.clientSecret)
    .option('--private-key <file>', h.privateKey)
    .option('--grant <grant>', h.grant)
    .option('--scope <scope>', h.scope)
    .option('--cwd <dir>', h.cwd)
    .option('--timeout <seconds>', h.timeout)
    .option('--disabled', h.disabled)
    .option('--json <entry>', h.json)
    .action(async (name: string, target: string[], opts: AddOpts, command: Command) => {
      const ctx = await commandContext(command);
      const { editMcpServers } = await import('../../mcp/config-edit.js');
      const m = mcpCliMessages(ctx.lang);
      const entry = entryFrom(target, opts, ctx);
      editMcpServers(ctx.loaded.path, (servers) => {
        if (name in servers) throw new AppError('bad_argument', m.exists(name));
        servers[name] = entry;
      });
      printLine(m.added(name));
      await tellRunningBox(ctx);
    });
  mcp
    .command('remove')
    .alias('rm')
    .description(h.remove)
    .argument('<name>')
    .action(async (name: string, _opts: unknown, command: Command) => {
      const ctx = await commandContext(command);
      const { configuredServerNames, editMcpServers } = await import('../../mcp/config-edit.js');
      const m = mcpCliMessages(ctx.lang);
      if (!configuredServerNames(ctx.loaded.path).includes(name))
        throw new AppError('bad_argument', m.missing(name));
      editMcpServers(ctx.loaded.path, (servers) => {
        delete servers[name];
      });
      printLine(m.removed(name));
      await tellRunningBox(ctx);
    });
  mcp
    .command('list')
    .alias('ls')
    .description(h.list)
    .option('--json', 'JSON')
    .action(async (opts: { json?: boolean }, command: Command) => {
      const ctx = await commandContext(command);
      const m = mcpCliMessages(ctx.lang);
      const servers = ctx.loaded.config.mcp.servers;
      const live = await liveStatus(ctx);
      if (opts.json) return printJson({ running: live !== undefined, servers: live ?? servers });
      if (live) return printLine(mcpStatusLines(live, ctx.lang).join('\n'));
      if (Object.keys(servers).length === 0) return printLine(mcpStatusLines([], ctx.lang).join('\n'));
      printLine(m.notRunning(selfCommand()));
      for (const [name, server] of Object.entries(servers))
        printLine(m.configured(name, targetOf(server), server.enabled));
    });
  mcp
    .command('serve')
    .description(h.serve)
    .action(async (_opts: unknown, command: Command) => {
      const { serveStdio } = await import('../../mcp-server/serve-stdio.js');
      await serveStdio(command.optsWithGlobals<GlobalOptions>());
    });
  mcp
    .command('login')
    .description(h.login)
    .argument('<name>')
    .action(async (name: string, _opts: unknown, command: Command) => {
      const ctx = await commandContext(command);
      const { loginMcpServer } = await import('./mcp-login.js');
      // A running box uses the tokens at its next attempt for this server (its back-off, at most 60 s).
      printLine(await loginMcpServer(ctx, name, process.env));
    });
  mcp
    .command('client-metadata')
    .description(h.clientMetadata)
    .argument('[url]', h.clientMetadataUrl)
    .action(async (url: string | undefined, _opts: unknown, command: Command) => {
      const ctx = await commandContext(command);
      const m = mcpCliMessages(ctx.lang);
      const chosen = url ?? ctx.loaded.config.mcp.client_metadata_url;
      if (!chosen) throw new AppError('bad_argument', m.noClientMetadataUrl);
      const { CLIENT_METADATA_URL_EXPECTED, ClientMetadataUrlSchema } = await import(
        '../../config/schema.js'
      );
      if (!ClientMetadataUrlSchema.safeParse(chosen).success)
        throw new AppError(
          'bad_argument',
          m.badClientMetadataUrl(chosen, CLIENT_METADATA_URL_EXPECTED[ctx.lang]),
        );
      const { clientMetadataDocument } = await import('../../mcp/client-metadata.js');
      printJson(clientMetadataDocument(chosen));
    });
  mcp
    .command('check')
    .description(h.check)
    .option('--json', 'JSON')
    .action(async (opts: { json?: boolean }, command: Command) => {
      const ctx = await commandContext(command);
      const { checkMcpServers } = await import('./mcp-check.js');
      const statuses = await checkMcpServers(ctx);
      if (opts.json) printJson({ servers: statuses });
      else printLine(mcpStatusLines(statuses, ctx.lang).join('\n'));
      if (statuses.some((s) => s.state === 'failed')) process.exitCode = 1;
    });
}
