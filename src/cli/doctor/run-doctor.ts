/** All checks of `aibox doctor`, run side by side, in a fixed order for the report. */
import type { CliContext } from '../../config/context.js';
import { checkChannelCredentials } from './check-channels.js';
import { checkDataDir } from './check-data-dir.js';
import { checkDatabase } from './check-database.js';
import { checkDisk } from './check-disk.js';
import { checkMcp } from './check-mcp.js';
import { checkMemorySearch } from './check-memory-search.js';
import { checkModel } from './check-model.js';
import { checkPort } from './check-port.js';
import { checkSandbox, type SandboxCheck } from './check-sandbox.js';
import { checkVoice } from './check-voice.js';
import type { DoctorInput } from './input.js';
import { doctorCheckMessages } from './messages.js';
import type { DoctorCheck } from './types.js';

export interface DoctorReport {
  /** False when any check failed (the exit code is then 1). */
  ok: boolean;
  checks: DoctorCheck[];
  sandbox: SandboxCheck;
}

export async function runDoctor(
  ctx: CliContext,
  options: { offline: boolean; aibox: string; env?: NodeJS.ProcessEnv },
): Promise<DoctorReport> {
  const input: DoctorInput = {
    ctx,
    env: options.env ?? process.env,
    offline: options.offline,
    aibox: options.aibox,
    t: doctorCheckMessages(ctx.lang),
  };
  // The data dir and the database first: the others may write to it (MCP trust, logs).
  const dataDir = checkDataDir(input);
  const database = checkDatabase(input);
  const [model, sandbox, mcp, channels, port] = await Promise.all([
    checkModel(input),
    checkSandbox(input),
    checkMcp(input),
    checkChannelCredentials(input),
    checkPort(input),
  ]);
  const memory = checkMemorySearch(input);
  const checks = [
    model,
    dataDir,
    database,
    memory,
    sandbox.check,
    ...mcp,
    ...channels,
    checkVoice(input),
    checkDisk(input),
    port,
  ];
  return { ok: checks.every((c) => c.status !== 'fail'), checks, sandbox };
}
