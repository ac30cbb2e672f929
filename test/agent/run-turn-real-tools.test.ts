/** The loop with a real built-in tool (run_command) running a real skill, against a scripted model. */
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/agent/events.js';
import { runTurn } from '../../src/agent/run-turn.js';
import { ToolsConfigSchema } from '../../src/config/schema.js';
import { createRunCommandTool } from '../../src/tools/command/run-command.js';
import { createResultLimiter } from '../../src/tools/result-limit.js';
import type { AnyTool } from '../../src/tools/tool.js';
import { systemClock } from '../../src/util/clock.js';
import { createScriptedProvider, type ScriptedProvider } from '../helpers/scripted-provider.js';

let llm: ScriptedProvider;
let tool: AnyTool;
beforeEach(async () => {
  llm = createScriptedProvider();
  const home = mkdtempSync(join(tmpdir(), 'aibox-loop-'));
  const skillsDir = join(home, 'skills');
  mkdirSync(skillsDir);
  const skill = join(skillsDir, 'greet');
  writeFileSync(skill, '#!/bin/sh\necho "hello $1"\necho "greeted" 1>&2\n');
  chmodSync(skill, 0o755);
  const config = ToolsConfigSchema.parse({});
  tool = createRunCommandTool({
    lang: 'en',
    config,
    workspace: join(home, 'workspace'),
    skillsDir,
    secretEnvNames: [],
    limiter: createResultLimiter({
      maxChars: config.max_result_chars,
      dir: join(home, 'tool_results'),
      clock: systemClock,
    }),
    killGraceMs: 200,
  }) as AnyTool;
});
function start(signal: AbortSignal, events: AgentEvent[], onEvent?: (e: AgentEvent) => void) {
  return runTurn({
    turnId: 't',
    sessionId: 's',
    lang: 'en',
    provider: llm,
    tools: [tool],
    messages: [{ role: 'user', content: 'greet Ann' }],
    maxRounds: 4,
    signal,
    emit: (event) => {
      events.push(event);
      onEvent?.(event);
    },
  });
}

describe('runTurn with run_command', () => {
  it('runs a skill by name, streams its output live, and gives the model the result', async () => {
    llm.script(
      { toolCalls: [{ id: 'r1', name: 'run_command', arguments: { command: 'greet Ann' } }] },
      { text: 'Done.' },
    );
    const events: AgentEvent[] = [];
    const result = await start(new AbortController().signal, events);
    expect(result).toMatchObject({ status: 'complete', content: 'Done.' });
    const live = events.flatMap((e) => (e.type === 'tool_output' ? [e.text] : [])).join('');
    expect(live).toContain('hello Ann');
    expect(events.find((e) => e.type === 'tool_end')).toMatchObject({ ok: true, name: 'run_command' });
    const toolMessage = llm.calls[1]?.messages.at(-1);
    expect(toolMessage).toMatchObject({ role: 'tool', tool_call_id: 'r1' });
    expect(toolMessage.content).toContain('hello Ann');
  });

  it('abort kills a running command and leaves every call answered', async () => {
    llm.script({
      toolCalls: [{ id: 'r1', name: 'run_command', arguments: { command: 'echo started; sleep 30' } }],
    });
    const controller = new AbortController();
    const events: AgentEvent[] = [];
    const result = await start(controller.signal, events, (event) => {
      if (event.type === 'tool_output') controller.abort();
    });
    expect(result).toMatchObject({ status: 'error', code: 'aborted' });
    expect(result.messages.map((m) => m.role)).toEqual(['assistant', 'tool']);
    expect(result.messages[1]).toMatchObject({ tool_call_id: 'r1' });
    expect(llm.calls).toHaveLength(1);
  });
});
