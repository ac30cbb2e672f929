import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigSchema } from '../../src/config/schema.js';
import {
  createResultLimiter,
  resultLimiterFromConfig,
  splitHeadTail,
  withResultLimit,
} from '../../src/tools/result-limit.js';
import type { AnyTool } from '../../src/tools/tool.js';
import { makeContext, tempDir } from '../helpers/tool-context.js';

const clock = { now: () => new Date('2026-11-30T10:00:00.000Z') };

describe('result limit', () => {
  it('keeps short text as it is and saves nothing', async () => {
    const limiter = createResultLimiter({ maxChars: 1000, dir: join(tempDir(), 'tool_results'), clock });
    expect(await limiter.limit('short', { callId: 'c1', lang: 'en' })).toEqual({ content: 'short' });
  });

  it('turns long text into head + marker + tail within the limit and saves the full text atomically', async () => {
    const dir = join(tempDir(), 'tool_results');
    const limiter = createResultLimiter({ maxChars: 1000, dir, clock });
    const text = Array.from({ length: 2000 }, (_, i) => `row ${i}`).join('\n');
    const limited = await limiter.limit(text, { callId: 'call/../x', lang: 'zh' });
    expect(limited.content.length).toBeLessThanOrEqual(1000);
    expect(limited.content.startsWith('row 0\nrow 1\n')).toBe(true);
    expect(limited.content.endsWith('row 1998\nrow 1999')).toBe(true);
    expect(limited.fullOutputPath).toBe(join(dir, '2026-11-30T10-00-00-000Z-call____x.txt'));
    expect(limited.content).toContain(`；完整输出：${limited.fullOutputPath}`);
    const omitted = Number(/已省略 (\d+) 个字符/.exec(limited.content)?.[1]);
    const kept = limited.content
      .split('\n')
      .filter((l) => l.startsWith('row'))
      .join('\n');
    expect(omitted).toBeGreaterThan(text.length - kept.length - 10);
    expect(readFileSync(limited.fullOutputPath as string, 'utf8')).toBe(text);
  });

  it('never splits a surrogate pair', () => {
    const text = '😀'.repeat(1000);
    const { head, tail } = splitHeadTail(text, 101);
    expect(head + tail).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
  });

  it('shortens any tool result as a safety net', async () => {
    const limiter = createResultLimiter({ maxChars: 600, dir: join(tempDir(), 'r'), clock });
    const noisy: AnyTool = {
      name: 'noisy',
      description: 'x',
      parameters: z.object({}),
      execute: async () => ({ ok: true, content: 'y'.repeat(5000) }),
    };
    const result = await withResultLimit(noisy, limiter).execute({}, makeContext());
    expect(result.content.length).toBeLessThanOrEqual(600);
    expect(result.content).toContain('chars omitted; full output:');
    expect(readFileSync(result.fullOutputPath as string, 'utf8')).toHaveLength(5000);
  });

  it('the app limiter reads tools.max_result_chars at each call, so /reload applies', async () => {
    const config = ConfigSchema.parse({ tools: { max_result_chars: 2000 } });
    const limiter = resultLimiterFromConfig(config, { toolResults: join(tempDir(), 'r') }, clock);
    const text = 'z'.repeat(1500);
    expect(await limiter.limit(text, { callId: 'a', lang: 'en' })).toEqual({ content: text });
    config.tools.max_result_chars = 1000; // what /reload does: the key changed in place
    expect(limiter.maxChars).toBe(1000);
    const limited = await limiter.limit(text, { callId: 'b', lang: 'en' });
    expect(limited.content.length).toBeLessThanOrEqual(1000);
    expect(readFileSync(limited.fullOutputPath as string, 'utf8')).toBe(text);
  });
});
