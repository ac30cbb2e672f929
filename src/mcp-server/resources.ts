/**
 * The box's read-only MCP resources: every working skill's document (`aibox://skills/NAME`), the
 * newest memories and one memory by id (`aibox://memories`, `aibox://memories/ID`), and the active
 * scheduled tasks (`aibox://tasks`). The same data the served tools give; nothing here writes.
 */
import type { ReadResourceResult, Resource, ResourceTemplate } from '@modelcontextprotocol/sdk/types.js';
import type { AppServices } from '../app/services.js';
import type { Lang } from '../i18n/lang.js';
import { readSkillDocument } from '../skills/markdown/skill-document.js';
import { skillMessages } from '../skills/messages.js';
import { mcpServerMessages } from './messages.js';
import { pageOf } from './paging.js';
import { McpRequestError, RESOURCE_NOT_FOUND } from './request-error.js';

export const SKILL_TEMPLATE = 'aibox://skills/{name}';
const MEMORY_TEMPLATE = 'aibox://memories/{id}';
const MEMORIES = 'aibox://memories';
const TASKS = 'aibox://tasks';
/** How many memories `aibox://memories` and tasks `aibox://tasks` hold. */
const RECENT_MEMORIES = 50;
const MAX_TASKS = 200;

const skillUri = (name: string) => `aibox://skills/${name}`;

export function listResources(app: AppServices, lang: Lang, cursor: string | undefined) {
  const m = mcpServerMessages(lang);
  const fixed: Resource[] = [
    {
      uri: MEMORIES,
      name: 'memories',
      description: m.memoriesResource(RECENT_MEMORIES),
      mimeType: 'application/json',
    },
    { uri: TASKS, name: 'tasks', description: m.tasksResource, mimeType: 'application/json' },
  ];
  const skills: Resource[] = app.skills
    .list()
    .filter((skill) => skill.status === 'ok')
    .map((skill) => ({
      uri: skillUri(skill.name),
      name: skill.name,
      description: skill.summary,
      mimeType: skill.type === 'markdown' ? 'text/markdown' : 'text/plain',
    }));
  const page = pageOf([...fixed, ...skills], cursor);
  return { resources: page.items, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
}

export function listResourceTemplates(lang: Lang): { resourceTemplates: ResourceTemplate[] } {
  const m = mcpServerMessages(lang);
  return {
    resourceTemplates: [
      { uriTemplate: SKILL_TEMPLATE, name: 'skill', description: m.skillResource, mimeType: 'text/plain' },
      {
        uriTemplate: MEMORY_TEMPLATE,
        name: 'memory',
        description: m.memoryResource,
        mimeType: 'application/json',
      },
    ],
  };
}

const json = (uri: string, value: unknown): ReadResourceResult => ({
  contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(value, null, 2) }],
});

export function readResource(app: AppServices, lang: Lang, uri: string): ReadResourceResult {
  const m = mcpServerMessages(lang);
  const notFound = () => new McpRequestError(RESOURCE_NOT_FOUND, m.noResource(uri.slice(0, 200)));
  if (uri === MEMORIES) return json(uri, app.memory.recent({ pageSize: RECENT_MEMORIES }).items);
  if (uri === TASKS) return json(uri, app.tasks.list({ limit: MAX_TASKS }));
  const memory = /^aibox:\/\/memories\/(\d{1,15})$/.exec(uri);
  if (memory) {
    const found = app.memory.get(Number(memory[1]));
    if (!found) throw notFound();
    return json(uri, found);
  }
  const skillName = /^aibox:\/\/skills\/([A-Za-z0-9_-]{1,100})$/.exec(uri)?.[1];
  const skill = skillName ? app.skills.get(skillName) : undefined;
  if (skill?.status !== 'ok') throw notFound();
  let text: string;
  try {
    text = readSkillDocument(skill, skillMessages(lang));
  } catch {
    throw notFound();
  }
  return {
    contents: [{ uri, mimeType: skill.type === 'markdown' ? 'text/markdown' : 'text/plain', text }],
  };
}
