/**
 * Every slash command the server and the terminal client know, in `/help` order.
 */
import { budgetCommand } from './budget.js';
import { checkCommand } from './check.js';
import { configCommand } from './config.js';
import { exitCommand } from './exit.js';
import { fileCommand } from './file.js';
import { helpCommand } from './help.js';
import { listCommand } from './list.js';
import { mcpCommand } from './mcp.js';
import { memoriesCommand } from './memories.js';
import { newCommand } from './new.js';
import { notifyCommand } from './notify.js';
import { pendingTasksCommand } from './pending-tasks.js';
import { type CommandRegistry, createCommandRegistry } from './registry.js';
import { reloadCommand } from './reload.js';
import { reloadPromptsCommand } from './reload-prompts.js';
import { reloadSkillsCommand } from './reload-skills.js';
import { searchCommand } from './search.js';
import type { CommandServices } from './services.js';
import { skillsCommand } from './skills.js';
import { stopCommand } from './stop.js';
import { tasksCommand } from './tasks.js';
import type { SlashCommand } from './types.js';
import { usageCommand } from './usage.js';

function builtinCommands(): SlashCommand[] {
  return [
    newCommand,
    listCommand,
    memoriesCommand,
    searchCommand,
    pendingTasksCommand,
    tasksCommand,
    notifyCommand,
    fileCommand,
    checkCommand,
    usageCommand,
    budgetCommand,
    skillsCommand,
    reloadSkillsCommand,
    mcpCommand,
    configCommand,
    reloadCommand,
    reloadPromptsCommand,
    stopCommand,
    exitCommand,
  ];
}

/** The registry with every built-in command plus `/help` listing them all. */
export function createDefaultCommandRegistry(
  services: CommandServices,
  extra: SlashCommand[] = [],
): CommandRegistry {
  const commands: SlashCommand[] = [...builtinCommands(), ...extra];
  const registry = createCommandRegistry([...commands, helpCommand(() => registry.list())], services);
  return registry;
}
