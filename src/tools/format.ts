/**
 * The text layout of tool results, kept from the original Aibox because models
 * were prompted with it: a first line "✅ title" or "❌ title", then one
 * "  key: value" line per field; multi-line values go on their own lines,
 * indented four spaces. Titles never carry their own emoji (the original
 * printed "✅ ✅ …").
 */
import type { ToolResult } from './tool.js';

export type Field = readonly [label: string, value: string | number | undefined | null];

export function formatResult(ok: boolean, title: string, fields: readonly Field[] = []): string {
  const lines = [`${ok ? '✅' : '❌'} ${title}`];
  for (const [label, value] of fields) {
    if (value === undefined || value === null) continue;
    const text = String(value);
    if (text.includes('\n')) {
      lines.push(`  ${label}:`);
      for (const line of text.split('\n')) lines.push(`    ${line}`);
    } else {
      lines.push(`  ${label}: ${text}`);
    }
  }
  return lines.join('\n');
}

export function success(
  title: string,
  fields: readonly Field[] = [],
  extra: Partial<ToolResult> = {},
): ToolResult {
  return { ok: true, content: formatResult(true, title, fields), ...extra };
}

export function failure(title: string, fields: readonly Field[] = []): ToolResult {
  return { ok: false, content: formatResult(false, title, fields) };
}

/** 512 B, 1.5 KB, 3.2 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 / 1024 / 1024).toFixed(2)} GB`;
}
