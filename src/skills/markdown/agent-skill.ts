import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { cleanName, cleanText } from '../../util/untrusted-text.js';
import type { SkillMessages } from '../messages.js';
import { parseFrontMatter } from './front-matter.js';

/**
 * Agent Skills (the open SKILL.md folder standard): `NAME/SKILL.md` with YAML front matter whose
 * `name` (≤ 64 characters: lowercase letters, digits, single hyphens; equal to the folder's name)
 * and `description` (≤ 1,024 characters) are what search sees. The body is read only when asked
 * for (read_skill, `aibox skills show`); the folder's scripts/ and references/ are listed then.
 */
export const AGENT_SKILL_FILE = 'SKILL.md';
const AGENT_NAME_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const MAX_AGENT_NAME = 64;
/** Also the longest summary any skill file gives (Markdown summaries are capped at 200). */
export const MAX_AGENT_DESCRIPTION = 1024;
/** Files listed per folder (scripts/, references/, assets/). */
const MAX_LISTED_FILES = 200;
const RESOURCE_DIRS = ['scripts', 'references', 'assets'];

type AgentSkillParse =
  | { ok: true; name: string; description: string; body: string }
  | { ok: false; errors: string[] };

/**
 * Validates the front matter of a SKILL.md in folder `folder`; every problem is named. `bytes` come
 * from readSkillFile (skill-file.ts), which holds the size limit for every skill file.
 */
export function parseAgentSkill(bytes: Uint8Array, folder: string, t: SkillMessages): AgentSkillParse {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, errors: [t.mdInvalidUtf8] };
  }
  const front = parseFrontMatter(text);
  if (front.data.size === 0 && !front.unclosed) return { ok: false, errors: [t.agentNoFrontMatter] };
  if (front.unclosed) return { ok: false, errors: [t.agentUnclosedFrontMatter] };
  const errors: string[] = [];
  const name = front.data.get('name') ?? '';
  const description = (front.data.get('description') ?? '').trim();
  if (!name) errors.push(t.agentNoName);
  else {
    if (name.length > MAX_AGENT_NAME) errors.push(t.agentNameTooLong(name.length, MAX_AGENT_NAME));
    if (!AGENT_NAME_PATTERN.test(name)) errors.push(t.agentNameChars(name));
    if (name !== folder) errors.push(t.agentNameNotFolder(name, folder));
  }
  if (!description) errors.push(t.agentNoDescription);
  else if (description.length > MAX_AGENT_DESCRIPTION)
    errors.push(t.agentDescriptionTooLong(description.length, MAX_AGENT_DESCRIPTION));
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    name,
    description: cleanName(description.replace(/\s+/g, ' ')),
    body: cleanText(front.body.trim()),
  };
}

/** Files of the folder's scripts/, references/ and assets/ (relative paths, sorted, capped). */
export function listAgentResources(folder: string): string[] {
  const found: string[] = [];
  const walk = (dir: string, depth: number) => {
    let entries: string[];
    try {
      entries = readdirSync(dir).sort();
    } catch {
      return;
    }
    for (const entry of entries) {
      if (found.length >= MAX_LISTED_FILES || entry.startsWith('.')) continue;
      const path = join(dir, entry);
      try {
        const info = statSync(path);
        if (info.isDirectory() && depth < 4) walk(path, depth + 1);
        else if (info.isFile()) found.push(relative(folder, path));
      } catch {}
    }
  };
  for (const sub of RESOURCE_DIRS) walk(join(folder, sub), 0);
  return found;
}
