/** Each configured MCP server, started once the way the box starts it (`aibox mcp check`'s path). */
import { checkMcpServers } from '../commands/mcp-check.js';
import type { DoctorInput } from './input.js';
import type { DoctorCheck } from './types.js';

export async function checkMcp(input: DoctorInput): Promise<DoctorCheck[]> {
  const { ctx, env, t, aibox } = input;
  if (Object.keys(ctx.loaded.config.mcp.servers).length === 0)
    return [{ id: 'mcp', status: 'skip', summary: t.mcpNone }];
  try {
    const statuses = await checkMcpServers(ctx, env);
    return statuses.map((s): DoctorCheck => {
      const id = `mcp:${s.name}`;
      if (s.state === 'disabled') return { id, status: 'skip', summary: t.mcpDisabled(s.name) };
      if (s.state !== 'connected')
        return {
          id,
          status: 'fail',
          summary: t.mcpFailed(s.name, s.state, (s.error ?? '').split('\n')[0] ?? ''),
          lines: (s.error ?? '').split('\n').slice(1, 6),
          fix: t.mcpFix(aibox),
        };
      if (s.changedTools.length > 0)
        return {
          id,
          status: 'warn',
          summary: t.mcpChanged(s.name, s.changedTools.join(', ')),
          fix: t.mcpChangedFix,
        };
      return { id, status: 'ok', summary: t.mcpOk(s.name, s.tools) };
    });
  } catch (error) {
    return [
      { id: 'mcp', status: 'fail', summary: t.mcpBroken((error as Error).message), fix: t.mcpFix(aibox) },
    ];
  }
}
