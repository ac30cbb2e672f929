import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { toolParametersSchema } from '../../src/agent/tool-specs.js';
import { dataPaths } from '../../src/config/paths.js';
import { ConfigSchema } from '../../src/config/schema.js';
import { createSkillRegistry, type SkillEngine } from '../../src/skills/registry.js';
import { createBuiltinTools } from '../../src/tools/builtin.js';
import { resultLimiterFromConfig } from '../../src/tools/result-limit.js';
import type { AnyTool } from '../../src/tools/tool.js';
import { systemClock } from '../../src/util/clock.js';
import { makeContext, tempDir } from '../helpers/tool-context.js';

const ORDER = [
  'get_current_time',
  'calculator',
  'run_command',
  'read_file',
  'write_file',
  'list_files',
  'web',
  'memory',
  'reload_skills',
  'install_skill',
  'create_skill',
  'search_skills',
  'read_skill',
];

let skills: SkillEngine;
let home: string;

beforeAll(async () => {
  home = tempDir();
  mkdirSync(join(home, 'skills'));
  skills = await createSkillRegistry({ dir: join(home, 'skills'), lang: 'en', watch: false });
});

afterAll(async () => {
  await skills.close();
});

function build(lang: 'zh' | 'en', config = ConfigSchema.parse({})): AnyTool[] {
  const memory: AnyTool = {
    name: 'memory',
    description: 'm',
    parameters: z.object({}),
    execute: async () => ({ ok: true, content: '' }),
  };
  const paths = dataPaths(home);
  return createBuiltinTools({
    config,
    paths,
    limiter: resultLimiterFromConfig(config, paths, systemClock),
    lang,
    skills,
    clock: systemClock,
    secretEnvNames: ['DEEPSEEK_API_KEY'],
    extraTools: [memory],
    sandbox: { kind: 'bwrap', network: true },
  });
}

describe('createBuiltinTools', () => {
  it('returns the tools in the original order, with extra tools in the middle', () => {
    expect(build('zh').map((t) => t.name)).toEqual(ORDER);
  });

  it('describes every tool in Chinese by default and in English with lang=en, with valid JSON Schemas', () => {
    const zh = build('zh');
    const en = build('en');
    for (const [i, tool] of zh.entries()) {
      if (tool.name === 'memory') continue;
      expect(tool.description, tool.name).toMatch(/[\u4e00-\u9fff]/);
      expect(en[i]?.description, tool.name).not.toMatch(/[\u4e00-\u9fff]/);
      const schema = toolParametersSchema(tool.parameters);
      expect(schema.type).toBe('object');
      expect(JSON.stringify(schema)).not.toContain('"$schema"');
    }
    const run = toolParametersSchema(en[2]?.parameters as z.ZodType) as {
      required?: string[];
      properties: Record<string, { description?: string }>;
    };
    expect(run.required).toEqual(['command']);
    expect(run.properties.timeout?.description).toContain('default 30');
  });

  it('runs commands in AIBOX_HOME/workspace without the LLM key, and limits every result', async () => {
    const config = ConfigSchema.parse({ tools: { max_result_chars: 800 } });
    const tools = build('en', config);
    const byName = (name: string) => tools.find((t) => t.name === name) as AnyTool;
    vi.stubEnv('DEEPSEEK_API_KEY', 'sk-should-not-leak');
    try {
      const run = byName('run_command');
      const result = await run.execute(
        run.parameters.parse({ command: 'pwd; env | grep -c DEEPSEEK || true' }),
        makeContext(),
      );
      expect(result.content).toContain(join(home, 'workspace'));
      expect(result.content).toMatch(/\n0$/);
    } finally {
      vi.unstubAllEnvs(); // restores the shell's value, if it had one
    }
    writeFileSync(
      join(home, 'workspace', 'long.txt'),
      Array.from({ length: 300 }, (_, i) => `line ${i}`).join('\n'),
    );
    const read = byName('read_file');
    const long = await read.execute(read.parameters.parse({ filepath: 'long.txt' }), makeContext());
    expect(long.content.length).toBeLessThanOrEqual(800);
    expect(long.fullOutputPath?.startsWith(join(home, 'tool_results'))).toBe(true);
    expect(readFileSync(long.fullOutputPath as string, 'utf8')).toContain('   199 | line 198');
  });
});
