/**
 * `aibox service install|uninstall|status`: Aibox as a service of the platform's manager (a systemd
 * user unit, or a system one with `--system`, on Linux; a launchd agent or daemon on macOS) that
 * starts it at boot, restarts it after failures with back-off and stops it with SIGTERM
 * (src/cli/service/, docs/running.md).
 */
import { homedir, userInfo } from 'node:os';
import { type Command, Option } from 'commander';
import type { CliContext } from '../../config/context.js';
import { serviceEnvPath } from '../../config/env-file.js';
import { AppError } from '../../errors.js';
import { detectLang } from '../../i18n/lang.js';
import { commandContext, printJson, printLine } from '../command-helpers.js';
import { langFlagOf } from '../context.js';
import { selfCommand } from '../self-command.js';
import { serviceMessages } from '../service/messages.js';
import type { ServicePlatform, ServiceTarget } from '../service/service-manager.js';

interface ServiceOptions {
  system?: boolean;
  dryRun?: boolean;
  enable: boolean;
  manager?: ServicePlatform;
  json?: boolean;
}

function platformManager(): ServicePlatform | undefined {
  return process.platform === 'linux' ? 'systemd' : process.platform === 'darwin' ? 'launchd' : undefined;
}

async function target(ctx: CliContext, options: ServiceOptions): Promise<ServiceTarget> {
  const t = serviceMessages(ctx.lang);
  const platform = options.manager ?? platformManager();
  if (!platform) throw new AppError('bad_argument', t.unsupported(process.platform));
  const { startFlags, builtScript } = await import('../service/service-spec.js');
  const system = options.system === true;
  return {
    platform,
    env: process.env,
    userHome: homedir(),
    spec: {
      node: process.execPath,
      nodeFlags: startFlags(),
      script: builtScript(),
      home: ctx.paths.home,
      ...(ctx.loaded.path !== ctx.paths.config ? { configPath: ctx.loaded.path } : {}),
      envFile: serviceEnvPath(ctx.paths.home),
      system,
      user: (system && process.env.SUDO_USER) || userInfo().username,
    },
  };
}

function needsRoot(options: ServiceOptions, action: string, lang: CliContext['lang']): void {
  if (options.system && process.getuid?.() !== 0)
    throw new AppError(
      'bad_argument',
      serviceMessages(lang).needRoot(`${selfCommand()} service ${action} --system`),
    );
}

function duration(seconds: number, t: ReturnType<typeof serviceMessages>): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  return t.duration(d, h, Math.floor((seconds % 3600) / 60), seconds % 60);
}

export function register(program: Command): void {
  const h = serviceMessages(detectLang({ flag: langFlagOf() }));
  const service = program.command('service').description(h.help);
  const common = (command: Command) =>
    command
      .option('--system', h.system)
      .option('--no-enable', h.noEnable)
      .addOption(new Option('--manager <name>').choices(['systemd', 'launchd']).hideHelp());

  common(service.command('install').description(h.helpInstall))
    .option('--dry-run', h.dryRun)
    .action(async (options: ServiceOptions, command: Command) => {
      const ctx = await commandContext(command);
      const t = serviceMessages(ctx.lang);
      const m = await import('../service/service-manager.js');
      const where = await target(ctx, options);
      if (options.dryRun) {
        process.stdout.write(m.renderDefinition(where).text);
        return;
      }
      needsRoot(options, 'install', ctx.lang);
      const path = m.writeDefinition(where);
      printLine(t.written(path));
      printLine(
        where.platform === 'systemd' ? t.envFile(where.spec.envFile) : t.envFileLaunchd(where.spec.envFile),
      );
      if (!options.enable) return;
      const commands = m.enableCommands(where, path);
      const { failed, run } = await m.runAll(commands, where.env);
      if (failed) {
        printLine(`❌ ${t.managerFailed(failed.join(' '), run?.error ?? '')}`);
        printLine(t.byHand(commands.map((c) => c.join(' ')).join('\n  ')));
        process.exitCode = 1;
        return;
      }
      printLine(`✅ ${t.enabled}`);
      if (where.platform === 'systemd' && !where.spec.system) printLine(t.linger(where.spec.user));
    });

  common(service.command('uninstall').description(h.helpUninstall)).action(
    async (options: ServiceOptions, command: Command) => {
      const ctx = await commandContext(command);
      const t = serviceMessages(ctx.lang);
      const m = await import('../service/service-manager.js');
      const where = await target(ctx, options);
      const path = m.definitionPath(where);
      const { existsSync } = await import('node:fs');
      if (!existsSync(path)) {
        printLine(t.notInstalled(path));
        return;
      }
      needsRoot(options, 'uninstall', ctx.lang);
      if (options.enable) {
        const { failed, run } = await m.runAll(m.disableCommands(where), where.env);
        if (failed && !run?.missing) printLine(`⚠️  ${t.managerFailed(failed.join(' '), run?.error ?? '')}`);
      }
      m.removeDefinition(where);
      if (options.enable && where.platform === 'systemd')
        await m.runAll([['systemctl', ...(where.spec.system ? [] : ['--user']), 'daemon-reload']], where.env);
      printLine(t.removed(path));
    },
  );

  service
    .command('status')
    .description(h.helpStatus)
    .option('--system', h.system)
    .option('--json', 'JSON output')
    .addOption(new Option('--manager <name>').choices(['systemd', 'launchd']).hideHelp())
    .action(async (options: ServiceOptions, command: Command) => {
      const ctx = await commandContext(command);
      const t = serviceMessages(ctx.lang);
      const m = await import('../service/service-manager.js');
      const where = await target(ctx, { ...options, enable: true });
      const path = m.definitionPath(where);
      const state = await m.readState(where, new Date());
      if ('missing' in state) {
        if (options.json) printJson({ definition: path, error: 'no_manager', manager: state.missing });
        else printLine(`❌ ${t.noManager(state.missing)}`);
        process.exitCode = 1;
        return;
      }
      if (options.json) {
        printJson({ definition: path, ...state });
      } else {
        const name = where.platform === 'systemd' ? 'aibox.service' : 'io.aibox.serve';
        printLine(`${state.running ? '✅' : '❌'} ${t.status(name, state.state)}`);
        printLine(`   ${t.unit(path)}`);
        if (state.pid) printLine(`   ${t.pid(state.pid)}`);
        if (state.uptimeS !== undefined) printLine(`   ${t.uptime(duration(state.uptimeS, t))}`);
        if (state.restarts !== undefined) printLine(`   ${t.restarts(state.restarts)}`);
        printLine(`   ${state.lastError ? t.lastError(state.lastError) : t.noError}`);
      }
      if (!state.running) process.exitCode = 1;
    });
}
