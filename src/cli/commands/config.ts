/**
 * `aibox config [show|keys|set|unset|reload]`: the config as the schema knows it. `show` prints
 * the effective values (secrets only as set / not set), `keys` every key with its type, default,
 * live or restart and its line in the user's language, `set KEY VALUE` / `unset KEY` write one key
 * into config.json (validated first, atomically, 0600; nothing written on a problem), and a running
 * box on this machine re-reads the file at once (`reload` asks it alone).
 */
import type { Command } from 'commander';
import type { CliContext } from '../../config/context.js';
import { detectLang } from '../../i18n/lang.js';
import { commandContext, printJson, printLine } from '../command-helpers.js';
import { langFlagOf } from '../context.js';
import { cliMessages } from '../messages.js';
import { reloadRunningBox } from '../running-box.js';
import { configCliMessages } from './messages.js';

/** A value as typed: JSON when it reads as JSON (`5`, `true`, `["a"]`), else the text itself. */
function parseValue(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

async function show(ctx: CliContext, json: boolean): Promise<void> {
  const [{ configLeaves }, { isSecretPath }, { redactConfig }] = await Promise.all([
    import('../../config/config-leaves.js'),
    import('../../config/config-keys.js'),
    import('../../config/redact-config.js'),
  ]);
  const m = configCliMessages(ctx.lang);
  if (json) return printJson({ path: ctx.loaded.path, config: redactConfig(ctx.loaded.config) });
  printLine(m.file(ctx.loaded.path));
  for (const [path, value] of configLeaves(ctx.loaded.config)) {
    const shown = isSecretPath(path) ? (value ? m.secretSet : m.secretUnset) : JSON.stringify(value);
    printLine(`  ${path.join('.')}: ${shown}`);
  }
}

async function keys(ctx: CliContext, json: boolean): Promise<void> {
  const { appliesLabel, configKeys, typeLabel } = await import('../../config/config-keys.js');
  const rows = configKeys().map((key) => ({
    key: key.name,
    type: typeLabel(key.jsonSchema),
    default: key.default,
    live: key.facts.live,
    secret: key.facts.secret !== undefined,
    description: key.facts[ctx.lang],
  }));
  if (json) return printJson({ keys: rows });
  const m = configCliMessages(ctx.lang);
  for (const key of configKeys())
    printLine(
      `${key.name}  ${typeLabel(key.jsonSchema)} = ${JSON.stringify(key.default)}  [${m.applies(appliesLabel(key.facts))}]\n    ${key.facts[ctx.lang]}`,
    );
}

async function write(ctx: CliContext, values: Record<string, unknown>): Promise<void> {
  const [{ editConfigFile }, { ConfigError }] = await Promise.all([
    import('../../config/settings-edit.js'),
    import('../../config/config-error.js'),
  ]);
  const m = configCliMessages(ctx.lang);
  try {
    const { changed } = editConfigFile(ctx.loaded.path, values, ctx.loaded.config);
    printLine(changed.length === 0 ? m.unchanged : m.saved(changed.join(', ')));
    if (changed.length === 0) return;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    const t = cliMessages(ctx.lang);
    process.stderr.write(`${m.notSaved(error.path)}\n`);
    for (const p of error.problems)
      process.stderr.write(`  ${t.configProblem(p.key, p.expected[ctx.lang], p.found)}\n`);
    process.exitCode = 1;
    return;
  }
  await reload(ctx);
}

async function reload(ctx: CliContext): Promise<void> {
  const m = configCliMessages(ctx.lang);
  const answer = await reloadRunningBox(ctx);
  if (answer === undefined) return printLine(m.notRunning);
  if ('problems' in answer) {
    printLine(m.refused);
    process.exitCode = 1;
    return;
  }
  if (answer.applied.length > 0) printLine(m.applied(answer.applied.join(', ')));
  if (answer.restart.length > 0) printLine(m.restart(answer.restart.join(', ')));
  if (answer.applied.length + answer.restart.length === 0) printLine(m.nothingNew);
}

export function register(program: Command): void {
  const h = configCliMessages(detectLang({ flag: langFlagOf() }));
  const config = program.command('config').description(h.config);
  config
    .command('show', { isDefault: true })
    .description(h.show)
    .option('--json', 'JSON')
    .action(async (opts: { json?: boolean }, command: Command) =>
      show(await commandContext(command), !!opts.json),
    );
  config
    .command('keys')
    .description(h.keys)
    .option('--json', 'JSON')
    .action(async (opts: { json?: boolean }, command: Command) =>
      keys(await commandContext(command), !!opts.json),
    );
  config
    .command('set')
    .description(h.set)
    .argument('<key>', h.keyArg)
    .argument('<value>', h.valueArg)
    .action(async (key: string, value: string, _opts: unknown, command: Command) =>
      write(await commandContext(command), { [key]: parseValue(value) }),
    );
  config
    .command('unset')
    .description(h.unset)
    .argument('<key>', h.keyArg)
    .action(async (key: string, _opts: unknown, command: Command) =>
      write(await commandContext(command), { [key]: null }),
    );
  config
    .command('reload')
    .description(h.reload)
    .action(async (_opts: unknown, command: Command) => reload(await commandContext(command)));
}
