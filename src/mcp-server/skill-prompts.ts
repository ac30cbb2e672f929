/**
 * The user's Markdown skills as MCP prompts: `prompts/list` names each working Markdown skill
 * (Agent Skills included) with its one-line summary; `prompts/get` gives its text as one user
 * message, followed by what the client's user asked for, when given. Executable skills are tools
 * (`run_skill`), not prompts.
 */
import type { GetPromptResult, Prompt } from '@modelcontextprotocol/sdk/types.js';
import type { AppServices } from '../app/services.js';
import type { Lang } from '../i18n/lang.js';
import { readSkillDocument } from '../skills/markdown/skill-document.js';
import { skillMessages } from '../skills/messages.js';
import type { Skill } from '../skills/types.js';
import { mcpServerMessages } from './messages.js';
import { pageOf } from './paging.js';
import { INVALID_PARAMS, McpRequestError } from './request-error.js';

/** Longest `request` argument accepted. */
export const MAX_PROMPT_REQUEST_CHARS = 10_000;

const isPrompt = (skill: Skill) => skill.type === 'markdown' && skill.status === 'ok';

export function listSkillPrompts(app: AppServices, lang: Lang, cursor: string | undefined) {
  const m = mcpServerMessages(lang);
  const page = pageOf(app.skills.list().filter(isPrompt), cursor);
  const prompts: Prompt[] = page.items.map((skill) => ({
    name: skill.name,
    description: skill.summary,
    arguments: [{ name: 'request', description: m.promptRequest, required: false }],
  }));
  return { prompts, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
}

export function getSkillPrompt(
  app: AppServices,
  lang: Lang,
  name: string,
  args: Record<string, string> | undefined,
): GetPromptResult {
  const m = mcpServerMessages(lang);
  const skill = app.skills.get(name);
  if (!skill || !isPrompt(skill)) throw new McpRequestError(INVALID_PARAMS, m.noPrompt(name.slice(0, 100)));
  const request = args?.request?.trim() ?? '';
  if (request.length > MAX_PROMPT_REQUEST_CHARS)
    throw new McpRequestError(INVALID_PARAMS, m.tooLong('request', MAX_PROMPT_REQUEST_CHARS));
  let text: string;
  try {
    text = readSkillDocument(skill, skillMessages(lang));
  } catch (error) {
    throw new McpRequestError(INVALID_PARAMS, m.brokenSkill(skill.name, (error as Error).message));
  }
  return {
    description: skill.summary,
    messages: [
      {
        role: 'user',
        content: { type: 'text', text: request ? `${text}\n\n${m.promptTask(request)}` : text },
      },
    ],
  };
}
