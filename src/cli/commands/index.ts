import type { Command } from 'commander';
import { register as registerAsk } from './ask.js';
import { register as registerChannels } from './channels.js';
import { register as registerChat } from './chat.js';
import { register as registerDoctor } from './doctor.js';
import { register as registerMcp } from './mcp.js';
import { register as registerMemory } from './memory.js';
import { register as registerServe } from './serve.js';
import { register as registerSkills } from './skills.js';
import { register as registerTasks } from './tasks.js';

/**
 * Each CLI command lives in its own file and exports `register(program)`.
 * Add new commands to this list.
 */
export const COMMANDS: ((program: Command) => void)[] = [
  registerServe,
  registerAsk,
  registerChat,
  registerSkills,
  registerMemory,
  registerTasks,
  registerMcp,
  registerDoctor,
  registerChannels,
];
