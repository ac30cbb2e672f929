/**
 * The tools Aibox offers to other apps as an MCP server. Each one is a thin front on the box's
 * own tools, so the same limits and the same safety decision apply: `run_skill` is the real
 * `run_command` with a safely quoted command line, the memory and task tools are the model's own.
 */

import { z } from 'zod';
import type { AppServices } from '../app/services.js';
import type { Lang } from '../i18n/lang.js';
import { SESSION_ID } from '../protocol/frames.js';
import { startCancellableTurn } from '../session/cancellable-turn.js';
import { readSkillDocument } from '../skills/markdown/skill-document.js';
import { skillMessages } from '../skills/messages.js';
import type { AnyTool, Tool } from '../tools/tool.js';
import { openAiUsage } from '../usage/openai-usage.js';
import { mcpServerMessages } from './messages.js';

/** What the served tools are made of: the app and its built-in tools by name. */
interface ServedToolsDeps {
  app: AppServices;
  /** The language of the descriptions (create-server.ts's servedLang). */
  lang: Lang;
  builtin(name: string): AnyTool | undefined;
}

/** POSIX single quotes: the argument reaches the program as one word, whatever it contains. */
function shellQuote(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

const SKILL_NAME = /^[A-Za-z0-9_-]{1,100}$/;

function showSkillTool({ app, lang }: ServedToolsDeps): Tool<{ name: string }> {
  const m = mcpServerMessages(lang);
  return {
    name: 'show_skill',
    description: m.showSkill,
    parameters: z.object({ name: z.string().regex(SKILL_NAME).describe(m.skillName) }),
    async execute({ name }, ctx) {
      const t = mcpServerMessages(ctx.lang);
      const skill = app.skills.get(name);
      if (!skill) return { ok: false, content: t.noSkill(name) };
      // The document `aibox skills show` gives (an Agent Skill's body is read now).
      try {
        return {
          ok: true,
          content: `${skill.name} (${skill.type})\n\n${readSkillDocument(skill, skillMessages(ctx.lang))}`,
        };
      } catch (error) {
        return { ok: false, content: t.brokenSkill(skill.name, (error as Error).message) };
      }
    },
  };
}

function runSkillTool(app: AppServices, lang: Lang, runCommand: AnyTool) {
  const m = mcpServerMessages(lang);
  const parameters = z.object({
    name: z.string().regex(SKILL_NAME).describe(m.skillName),
    args: z.array(z.string().max(10_000)).max(100).default([]).describe(m.skillArgs),
    timeout: z.number().positive().optional().describe(m.timeout),
  });
  const tool: Tool<z.infer<typeof parameters>> = {
    name: 'run_skill',
    description: m.runSkill,
    parameters,
    async execute(args, ctx) {
      const t = mcpServerMessages(ctx.lang);
      const skill = app.skills.get(args.name);
      if (!skill) return { ok: false, content: t.noSkill(args.name) };
      if (skill.status === 'broken')
        return { ok: false, content: t.brokenSkill(skill.name, skill.error ?? '') };
      if (skill.type !== 'executable') return { ok: false, content: t.notExecutable(skill.name) };
      const command = [skill.name, ...args.args].map(shellQuote).join(' ');
      // The real run_command: its schema, its policy, its sandbox, its limits.
      const checked = runCommand.parameters.safeParse({
        command,
        ...(args.timeout !== undefined ? { timeout: args.timeout } : {}),
      });
      if (!checked.success)
        return { ok: false, content: t.invalidArgs('run_command', z.prettifyError(checked.error)) };
      return runCommand.execute(checked.data, ctx);
    },
  };
  return tool;
}

function memorySearchTool(lang: Lang, memory: AnyTool): Tool<{ query: string; limit?: number }> {
  const m = mcpServerMessages(lang);
  return {
    name: 'memory_search',
    description: m.memorySearch,
    parameters: z.object({
      query: z.string().min(1).max(1000).describe(m.query),
      limit: z.int().min(1).max(50).optional().describe(m.limit),
    }),
    execute: (args, ctx) => memory.execute({ action: 'search', query: args.query, limit: args.limit }, ctx),
  };
}

const MemorySaveShape = (m: ReturnType<typeof mcpServerMessages>) =>
  z.object({
    summary: z.string().min(1).max(2000).describe(m.summary),
    content: z.string().max(100_000).optional().describe(m.content),
    topic: z.string().max(200).optional().describe(m.topic),
    keywords: z.array(z.string().max(100)).max(50).optional().describe(m.keywords),
    importance: z.int().min(1).max(5).optional().describe(m.importance),
  });

function memorySaveTool(lang: Lang, memory: AnyTool) {
  const m = mcpServerMessages(lang);
  const parameters = MemorySaveShape(m);
  const tool: Tool<z.infer<typeof parameters>> = {
    name: 'memory_save',
    description: m.memorySave,
    parameters,
    execute: (args, ctx) => memory.execute({ action: 'save', ...args }, ctx),
  };
  return tool;
}

function tasksTool(lang: Lang, taskTool: AnyTool): AnyTool {
  return { ...taskTool, name: 'tasks', description: mcpServerMessages(lang).tasks };
}

function askTool(app: AppServices, lang: Lang): Tool<{ message: string; session?: string }> {
  const m = mcpServerMessages(lang);
  return {
    name: 'ask',
    description: m.ask,
    parameters: z.object({
      message: z.string().min(1).max(100_000).describe(m.message),
      session: z.string().regex(SESSION_ID).optional().describe(m.session),
    }),
    async execute(args, ctx) {
      const turn = startCancellableTurn(
        app.sessions.get(args.session ?? 'mcp'),
        args.message,
        // What the turn does, for the client's progress and log (never its text, which is the answer).
        (event) => {
          if (event.type === 'tool_start')
            ctx.output('stdout', mcpServerMessages(ctx.lang).askTool(event.name));
          else if (event.type === 'notice') ctx.output('stderr', event.message);
        },
        'mcp',
      );
      const stop = () => turn.cancel();
      ctx.signal.addEventListener('abort', stop, { once: true });
      try {
        const outcome = await turn.done;
        if (outcome.status === 'error')
          return { ok: false, content: mcpServerMessages(ctx.lang).turnFailed(outcome.message) };
        // The turn's usage, in the shape /v1 reports it (docs/usage-and-budgets.md).
        return { ok: true, content: outcome.content, meta: { 'aibox/usage': openAiUsage(outcome.usage) } };
      } finally {
        ctx.signal.removeEventListener('abort', stop);
      }
    },
  };
}

/** The served tools, in the order clients list them. `ask` only with `mcp.serve_ask`. */
export function createServedTools(deps: ServedToolsDeps): AnyTool[] {
  const { app, lang, builtin } = deps;
  const need = (name: string) => {
    const tool = builtin(name);
    if (!tool) throw new Error(`built-in tool ${name} is missing`);
    return tool;
  };
  const search = need('search_skills');
  const tools: AnyTool[] = [
    { ...search, description: mcpServerMessages(lang).searchSkills },
    showSkillTool(deps),
  ];
  const runCommand = builtin('run_command');
  if (runCommand) tools.push(runSkillTool(app, lang, runCommand));
  const memory = need('memory');
  tools.push(memorySearchTool(lang, memory), memorySaveTool(lang, memory), tasksTool(lang, need('memo')));
  if (app.config.mcp.serve_ask) tools.push(askTool(app, lang));
  return tools;
}
