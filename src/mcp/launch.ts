/**
 * The seam through which a stdio MCP server is started: the command sandbox wraps the
 * program here (e.g. `bwrap … -- command args`). Default: started as configured.
 */
export interface McpLaunch {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
}

export type WrapMcpLaunch = (launch: McpLaunch) => McpLaunch;

export const unwrappedLaunch: WrapMcpLaunch = (launch) => launch;
