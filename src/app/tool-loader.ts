/**
 * The model's tools and the tasks' pre-check, built when first needed: the first turn (or MCP
 * listing) builds the tools, once per language they are asked in (the box's, or `mcp.serve_lang`
 * for other apps), the first pre-check or turn the pre-check, so the tools' code and zod are not
 * part of the start (app-tools.ts is imported then). All share one pre-check: a task's `when`
 * meets the same command decision and sandbox as run_command.
 */
import type { Lang } from '../i18n/lang.js';
import type { PreCheckRunner } from '../tools/command/pre-check.js';
import type { AnyTool } from '../tools/tool.js';
import { type LoadOnce, loadOnce } from '../util/load-once.js';
import type { AppToolsDeps } from './app-tools.js';

export interface ToolLoader {
  /** The tools with their descriptions in `lang` (default: the box's). */
  tools(lang?: Lang): Promise<AnyTool[]>;
  preCheck(): Promise<PreCheckRunner>;
}

export function appToolLoader(deps: Omit<AppToolsDeps, 'preCheck'>): ToolLoader {
  const preCheck = loadOnce(() =>
    import('./app-tools.js').then(({ createAppPreCheck }) => createAppPreCheck(deps)),
  );
  const build = async (lang: Lang) => {
    const built = await preCheck.load();
    const { createAppTools } = await import('./app-tools.js');
    return createAppTools({ ...deps, lang, preCheck: built });
  };
  const byLang = new Map<Lang, LoadOnce<AnyTool[]>>();
  const tools = (lang: Lang = deps.lang) => {
    let built = byLang.get(lang);
    if (!built) {
      built = loadOnce(() => build(lang));
      byLang.set(lang, built);
    }
    return built.load();
  };
  return { tools, preCheck: () => preCheck.load() };
}
