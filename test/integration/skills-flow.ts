/**
 * Scenarios 1–2 (registered by agent.test.ts): skill-first flows through createApp +
 * startServer + a real WebSocket client: search by a Chinese keyword → run the skill by
 * bare name; install a skill from a file and create one, then find both in the same
 * turn without a restart.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../helpers/fake-llm.js';
import { historyProblems, TEST_KEY, toolResults, useBox } from './harness.js';

describe('e2e: skills', () => {
  // First run on an empty home (examples installed), the real skills watcher on.
  const shared = useBox({ watchSkills: true });
  const requestsSince = (start: number) => shared.requestsSince(start);

  describe('skill-first flow', () => {
    it('finds unit_convert by a Chinese keyword and runs it by bare name', async () => {
      const start = shared.box.llm.requests.length;
      // First run: the example skills were installed into the empty skills dir.
      expect(readdirSync(shared.box.app.paths.skills)).toContain('unit_convert');
      shared.box.llm.script(
        { toolCalls: [{ id: 'c1', name: 'search_skills', arguments: { keyword: '单位换算' } }] },
        {
          toolCalls: [
            { id: 'c2', name: 'run_command', arguments: { command: 'unit_convert 100 -f c -t f' } },
          ],
        },
        { text: '100 摄氏度等于 212 华氏度。' },
      );
      const client = await shared.clientFor('convert');
      const end = await client.chat('100摄氏度是多少华氏度？');

      expect(end.type).toBe('complete');
      expect(end.content).toBe('100 摄氏度等于 212 华氏度。');
      expect(requestsSince(start)).toHaveLength(3);
      const [first, second, third] = requestsSince(start) as [
        RecordedRequest,
        RecordedRequest,
        RecordedRequest,
      ];
      // The model was offered the skill tools and sent the user's words.
      const offered = (first.body.tools as { function: { name: string } }[]).map((t) => t.function.name);
      expect(offered).toEqual(expect.arrayContaining(['search_skills', 'run_command', 'install_skill']));
      expect(JSON.stringify(first.body.messages)).toContain('100摄氏度是多少华氏度？');

      const search = toolResults(second).get('c1') ?? '';
      expect(search).toContain('unit_convert');
      expect(search).toContain('单位换算工具');
      const run = toolResults(third).get('c2') ?? '';
      expect(run).toContain('100 c = 212 f');
      for (const request of requestsSince(start)) expect(historyProblems(request)).toEqual([]);

      // Clients saw the activity: tool frames for both calls, the command's live output.
      const ends = client.ofType('tool_end');
      expect(ends.map((f) => [f.name, f.ok])).toEqual([
        ['search_skills', true],
        ['run_command', true],
      ]);
      expect(
        client
          .ofType('tool_output')
          .map((f) => f.content)
          .join(''),
      ).toContain('212');
    });

    it('runs `unit_convert --help` by bare name, and `env` in the same message shows no API key', async () => {
      const start = shared.box.llm.requests.length;
      shared.box.llm.script(
        {
          toolCalls: [
            { id: 'h1', name: 'run_command', arguments: { command: 'unit_convert --help' } },
            { id: 'h2', name: 'run_command', arguments: { command: 'env' } },
          ],
        },
        { text: 'done' },
      );
      const client = await shared.clientFor('help');
      expect((await client.chat('温度换算怎么用？')).type).toBe('complete');
      const [first, second] = requestsSince(start) as [RecordedRequest, RecordedRequest];
      // The app reached the fake through AIBOX_LLM_BASE_URL with AIBOX_LLM_API_KEY.
      expect(first.headers.authorization).toBe(`Bearer ${TEST_KEY}`);
      const results = toolResults(second);
      expect(results.get('h1')).toContain('单位换算工具');
      expect(results.get('h1')).toContain('jin');
      const env = results.get('h2') ?? '';
      expect(env).toContain('PATH=');
      expect(env).not.toContain('AIBOX_LLM_API_KEY');
      expect(env).not.toContain(`=${TEST_KEY}`);
    });
  });

  describe('install and create skills in one turn', () => {
    it('install_skill from a file, create_skill (bash), then search_skills finds both without restart', async () => {
      const start = shared.box.llm.requests.length;
      mkdirSync(shared.box.app.paths.workspace, { recursive: true });
      const source = join(shared.box.app.paths.workspace, 'my_tool.py');
      writeFileSync(
        source,
        [
          '#!/usr/bin/env python3',
          'import sys',
          'if "--help" in sys.argv:',
          '    print("Zebra striping helper: paints zebra stripes on text")',
          '    sys.exit(0)',
          'print("stripes:", " ".join(sys.argv[1:]))',
          '',
        ].join('\n'),
        { mode: 0o644 },
      );
      const bash = 'echo "okapi says $1"\n';
      shared.box.llm.script(
        // Before: neither exists.
        { toolCalls: [{ id: 's0', name: 'search_skills', arguments: { keyword: 'zebra' } }] },
        { toolCalls: [{ id: 'i1', name: 'install_skill', arguments: { skill_path: source } }] },
        {
          toolCalls: [
            {
              id: 'k1',
              name: 'create_skill',
              arguments: {
                name: 'okapi_greet',
                summary: 'Okapi greeter: greets a name',
                language: 'bash',
                code: bash,
              },
            },
          ],
        },
        { toolCalls: [{ id: 's1', name: 'search_skills', arguments: { keyword: 'zebra' } }] },
        { toolCalls: [{ id: 's2', name: 'search_skills', arguments: { keyword: 'okapi' } }] },
        {
          toolCalls: [
            { id: 'r1', name: 'run_command', arguments: { command: 'my_tool a b && okapi_greet Ana' } },
          ],
        },
        { text: 'installed' },
      );
      const client = await shared.clientFor('install');
      const ending = client.chat('install my tool and make a greeter');
      // Skills the model installed or created are asked the first time they run (docs/safety.md):
      // the person watching is asked once for the command that runs both, and allows it.
      const request = await client.waitFor((f) => f.type === 'approval_request');
      expect(request.reason).toContain('my_tool');
      expect(request.reason).toContain('okapi_greet');
      client.send({ type: 'approval', approval_id: request.approval_id, decision: 'allow' });
      const end = await ending;
      expect(end.type).toBe('complete');
      expect(requestsSince(start)).toHaveLength(7);
      const results = toolResults(requestsSince(start)[6]!);

      expect(results.get('s0')).not.toContain('my_tool');
      expect(results.get('i1')).toContain('my_tool');
      expect(results.get('i1')).toContain('Zebra striping helper');
      expect(results.get('k1')).toContain('okapi_greet');
      expect(results.get('k1')).toContain('Okapi greeter');
      expect(results.get('s1')).toContain('my_tool');
      expect(results.get('s1')).toContain('Zebra striping helper');
      expect(results.get('s2')).toContain('okapi_greet');
      // Allowed by the person: both ran, in the sandbox.
      expect(results.get('r1')).toContain('stripes: a b');
      expect(results.get('r1')).toContain('okapi says Ana');
      // Every client heard of the new skills (skills_changed broadcast).
      await client.waitFor((f) => f.type === 'skills_changed' && (f.added as string[]).includes('my_tool'));
      await client.waitFor(
        (f) => f.type === 'skills_changed' && (f.added as string[]).includes('okapi_greet'),
      );
      const ends = client.ofType('tool_end');
      expect(ends.filter((f) => f.ok !== true).map((f) => f.name)).toEqual([]);

      // Installed as extension-less executables in the skills dir; listed by the registry.
      const names = shared.box.app.skills.list().map((s) => s.name);
      expect(names).toEqual(expect.arrayContaining(['my_tool', 'okapi_greet', 'unit_convert']));
      expect(readdirSync(shared.box.app.paths.skills)).toEqual(
        expect.arrayContaining(['my_tool', 'okapi_greet']),
      );
    });
  });
});
