import type { CliContext } from '../../config/context.js';
import type { SandboxStatus } from '../../safety/sandbox/sandbox.js';
import type { SkillEngine } from '../../skills/registry.js';
import type { Skill } from '../../skills/types.js';
import { commandContext } from '../command-helpers.js';
import type { GlobalsSource } from '../context.js';

/** Resolves config and opens the registry for one CLI command (no watcher), as the server does. */
export async function openSkills(
  command: GlobalsSource,
  /** personProbes: where no sandbox runs, probe every skill on the host (`aibox skills check`). */
  options: { personProbes?: boolean } = {},
): Promise<{ ctx: CliContext; registry: SkillEngine }> {
  const ctx = await commandContext(command);
  const { openSkills: openConfiguredSkills } = await import('../../app/open-skills.js');
  const { openSkillProvenance } = await import('../../skills/provenance.js');
  const config = ctx.loaded.config;
  let sandbox: Promise<SandboxStatus> | undefined;
  const registry = await openConfiguredSkills({
    paths: ctx.paths,
    config,
    lang: ctx.lang,
    watch: false,
    // Checked on the first probe only: a command whose probes are all cached starts no bwrap.
    sandbox: () => {
      sandbox ??= import('../../safety/sandbox/sandbox-probe.js').then((m) =>
        m.resolveSandbox(config.safety, ctx.lang),
      );
      return sandbox;
    },
    provenance: openSkillProvenance(ctx.paths.home),
    configPath: ctx.loaded.path,
    ...(options.personProbes ? { personProbes: true } : {}),
  });
  return { ctx, registry };
}

/** The JSON shape of a skill in CLI output (a contract other tests rely on). */
export function skillJson(skill: Skill) {
  return {
    name: skill.name,
    type: skill.type,
    summary: skill.summary,
    path: skill.path,
    status: skill.status,
    ...(skill.error ? { error: skill.error } : {}),
  };
}
