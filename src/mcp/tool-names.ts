/**
 * Model-facing names of MCP tools: `server__tool`, within what OpenAI-compatible APIs
 * accept for a function name (`^[A-Za-z0-9_-]{1,64}$`). MCP allows `.` and `/` in tool names
 * (2025-11-25): those are offered with `.` as `_` and `/` as `-`; when that name is taken by
 * another tool of the server (`a.b` beside `a_b`), the mapped one gets `_` and 6 hex digits of
 * the original's sha256. The name depends only on the server's tool set, never on their order,
 * so trust rules keep naming the same tool; calls go back to the server under its own name.
 */
import { createHash } from 'node:crypto';

const MCP_NAME_SEPARATOR = '__';
const MAX_FUNCTION_NAME = 64;
const PLAIN = /^[A-Za-z0-9_-]+$/;
const MAPPABLE = /^[A-Za-z0-9_./-]+$/;

function qualify(server: string, tool: string): string | null {
  const name = `${server}${MCP_NAME_SEPARATOR}${tool}`;
  return name.length > MAX_FUNCTION_NAME ? null : name;
}

/** `null` when the server's tool name cannot be expressed (the tool is then disabled with a reason). */
export function qualifiedToolName(server: string, tool: string): string | null {
  return PLAIN.test(tool) ? qualify(server, tool) : null;
}

/** The model-facing name of each of a server's tools (`null`: cannot be expressed). */
export function modelToolNames(server: string, tools: readonly string[]): Map<string, string | null> {
  const names = new Map<string, string | null>();
  const plain = new Set(tools.filter((tool) => PLAIN.test(tool)));
  const mapped = (tool: string) => tool.replaceAll('.', '_').replaceAll('/', '-');
  // How many tools of the set map to each name: a shared one is ambiguous for all but a plain name.
  const claims = new Map<string, number>();
  for (const tool of tools) {
    if (plain.has(tool) || !MAPPABLE.test(tool)) continue;
    claims.set(mapped(tool), (claims.get(mapped(tool)) ?? 0) + 1);
  }
  for (const tool of tools) {
    if (plain.has(tool)) names.set(tool, qualify(server, tool));
    else if (!MAPPABLE.test(tool)) names.set(tool, null);
    else {
      const base = mapped(tool);
      const taken = plain.has(base) || (claims.get(base) ?? 0) > 1;
      const suffix = taken ? `_${createHash('sha256').update(tool).digest('hex').slice(0, 6)}` : '';
      names.set(tool, qualify(server, `${base}${suffix}`));
    }
  }
  return names;
}
