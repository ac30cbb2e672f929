/** `McpServerStatus` as lines for people: `/mcp` and `aibox mcp list|check` print the same. */
import { defineMessages, type Lang } from '../i18n/lang.js';
import { inCheckout } from '../util/checkout-command.js';
import { cleanName } from '../util/untrusted-text.js';
import type { McpServerState, McpServerStatus } from './types.js';

const texts = defineMessages({
  zh: {
    none: `没有配置 MCP 服务器（config.json 的 mcp.servers，或 aibox mcp add；在源码目录用 npm start 运行的为 ${inCheckout('mcp add')}）`,
    state: (state: McpServerState) =>
      ({ disabled: '已停用', connecting: '连接中', connected: '已连接', failed: '失败', closed: '已关闭' })[
        state
      ],
    line: (name: string, state: string, transport: string, tools: number) =>
      `${name}  ${state}  ${transport}  ${tools} 个工具`,
    error: (text: string) => `  原因：${text}`,
    retry: (at: string) => `  下次重试：${at}`,
    disabledTool: (tool: string, reason: string) => `  未使用的工具 ${tool}：${reason}`,
    changed: (tools: string) => `  描述已变化（下次调用需重新确认）：${tools}`,
  },
  en: {
    none: `No MCP servers configured (mcp.servers in config.json, or aibox mcp add; ${inCheckout('mcp add')} in a checkout run with npm start)`,
    state: (state: McpServerState) => state,
    line: (name: string, state: string, transport: string, tools: number) =>
      `${name}  ${state}  ${transport}  ${tools} tools`,
    error: (text: string) => `  why: ${text}`,
    retry: (at: string) => `  next try: ${at}`,
    disabledTool: (tool: string, reason: string) => `  tool ${tool} not used: ${reason}`,
    changed: (tools: string) => `  description changed (asked again on the next call): ${tools}`,
  },
});

export function mcpStatusLines(statuses: McpServerStatus[], lang: Lang): string[] {
  const t = texts(lang);
  if (statuses.length === 0) return [t.none];
  const lines: string[] = [];
  for (const s of statuses) {
    lines.push(t.line(s.name, t.state(s.state), s.transport, s.tools));
    if (s.error) lines.push(t.error(s.error));
    if (s.retryAt) lines.push(t.retry(s.retryAt));
    for (const p of s.disabledTools) lines.push(t.disabledTool(p.tool, p.reason));
    if (s.changedTools.length > 0) lines.push(t.changed(s.changedTools.join(', ')));
  }
  // Names, reasons and errors come from the servers: one clean line each.
  return lines.map(cleanName);
}
