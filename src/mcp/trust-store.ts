/**
 * What a person allowed: for each MCP tool (`server__tool`), the hash of the description and
 * input schema seen when it was allowed (and both, to say what changed). A different hash later means the server changed what
 * the tool claims to do ("rug pull"), and the call is asked again. Kept in
 * `AIBOX_HOME/mcp-trust.json`, written atomically.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { writeFileAtomic } from '../util/atomic-write.js';

/** A tool as a person (or a rule, on first sight) allowed it. */
export interface ApprovedTool {
  hash: string;
  /** What it said then (absent in records written before they were kept), to tell what changed. */
  description?: string;
  inputSchema?: unknown;
}

export interface TrustStore {
  /** What was recorded for `qualifiedName`, if anything. */
  get(qualifiedName: string): ApprovedTool | undefined;
  /** Records `tool` as allowed (no-op when its hash already is). */
  remember(qualifiedName: string, tool: ApprovedTool): Promise<void>;
}

/** Key order does not matter: a server re-serialising the same schema is not a change. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function describeHash(tool: { description?: string; inputSchema?: unknown }): string {
  return createHash('sha256')
    .update(canonical({ description: tool.description ?? '', inputSchema: tool.inputSchema ?? null }))
    .digest('hex');
}

interface TrustFile {
  version: 1;
  tools: Record<string, ApprovedTool & { at: string }>;
}

function readTrustFile(path: string): TrustFile {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<TrustFile>;
    if (parsed && typeof parsed.tools === 'object' && parsed.tools !== null)
      return { version: 1, tools: parsed.tools };
  } catch {
    // Missing or unreadable: nothing is trusted yet, so every tool is asked (the safe side).
  }
  return { version: 1, tools: {} };
}

export function openTrustStore(path: string, now: () => Date = () => new Date()): TrustStore {
  const file = readTrustFile(path);
  let writing = Promise.resolve();
  return {
    get: (name) => file.tools[name],
    remember(name, tool) {
      if (file.tools[name]?.hash === tool.hash) return writing;
      file.tools[name] = { ...tool, at: now().toISOString() };
      const snapshot = `${JSON.stringify(file, null, 2)}\n`;
      // Writes are chained so an older snapshot never lands after a newer one.
      writing = writing.then(() => writeFileAtomic(path, snapshot, 0o600));
      return writing;
    },
  };
}
