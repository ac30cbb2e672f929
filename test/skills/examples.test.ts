import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLES_MARKER, installExamplesIfEmpty } from '../../src/skills/examples.js';
import { createSkillRegistry } from '../../src/skills/registry.js';
import { runProcess } from '../../src/util/run-process.js';
import { put, tempDir } from './fixtures.js';

describe('example skills', () => {
  it('are installed into an empty dir without extensions and with the run bit, and all load ok', async () => {
    const dir = tempDir();
    expect(await installExamplesIfEmpty(dir)).toEqual(['code_review', 'sysinfo', 'unit_convert']);
    expect(readdirSync(dir).sort()).toEqual([EXAMPLES_MARKER, 'code_review.md', 'sysinfo', 'unit_convert']);
    expect(statSync(join(dir, 'sysinfo')).mode & 0o111).not.toBe(0);
    const registry = await createSkillRegistry({ dir, probeTimeoutMs: 10_000 });
    expect(registry.list().map((s) => [s.name, s.status, s.warning])).toEqual([
      ['code_review', 'ok', undefined],
      ['sysinfo', 'ok', undefined],
      ['unit_convert', 'ok', undefined],
    ]);
    expect(registry.get('unit_convert')?.summary).toMatch(/^单位换算工具/);
    expect(registry.get('sysinfo')?.summary).toContain('系统状态');
    expect(registry.search('温度').hits[0]?.skill.name).toBe('unit_convert');
    expect(registry.search('内存').hits[0]?.skill.name).toBe('sysinfo');
    expect(registry.search('代码审查').hits[0]?.skill.name).toBe('code_review');

    const converted = await runProcess({
      command: join(dir, 'unit_convert'),
      args: ['100', '-f', 'c', '-t', 'f'],
    });
    expect(converted.stdout.toString()).toBe('100 c = 212 f\n');
    const wrong = await runProcess({
      command: join(dir, 'unit_convert'),
      args: ['1', '-f', 'c', '-t', 'kg'],
    });
    expect(wrong.exitCode).toBe(1);
    expect(wrong.stdout.length).toBe(0);
    const status = await runProcess({ command: join(dir, 'sysinfo') });
    expect(status.exitCode).toBe(0);
    expect(status.stdout.toString()).toMatch(/memory_total_mb: \d+/);
    expect(status.stdout.toString()).toMatch(/disk_use_percent: \d+%/);
    await registry.close();
  });

  it('are not installed into a dir that has files', async () => {
    const dir = tempDir();
    put(dir, 'mine.md', '# Mine');
    expect(await installExamplesIfEmpty(dir)).toEqual([]);
    expect(readdirSync(dir)).toEqual(['mine.md']);
  });
});
