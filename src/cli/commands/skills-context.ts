import { join } from 'node:path';
import type { Command } from 'commander';
import { installExamplesIfEmpty } from '../../skills/examples.js';
import { SKILLS_CACHE_FILE } from '../../skills/probe-cache-file.js';
import { createSkillRegistry, type SkillEngine } from '../../skills/registry.js';
import type { Skill } from '../../skills/types.js';
import { type CliContext, type GlobalOptions, resolveCliContext } from '../context.js';

/** Resolves config and opens the registry for one CLI command (no watcher). */
export async function openSkills(command: Command): Promise<{ ctx: CliContext; registry: SkillEngine }> {
  const ctx = resolveCliContext(command.optsWithGlobals<GlobalOptions>());
  const skills = ctx.loaded.config.skills;
  if (skills.install_examples) await installExamplesIfEmpty(ctx.paths.skills);
  const keyEnv = ctx.loaded.config.llm.api_key_env;
  const registry = await createSkillRegistry({
    dir: ctx.paths.skills,
    probeTimeoutMs: skills.probe_timeout_s * 1000,
    concurrency: skills.probe_concurrency,
    secretEnvNames: keyEnv ? [keyEnv] : [],
    lang: ctx.lang,
    watch: false,
    // The same probe cache as the server: a CLI call with nothing changed runs no `--help`.
    cacheFile: join(ctx.paths.home, SKILLS_CACHE_FILE),
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
