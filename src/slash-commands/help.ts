import { commandMessages } from './messages.js';
import type { SlashCommand } from './types.js';

/** `/help`: every registered command with its one-line help, from the registry itself. */
export function helpCommand(list: () => SlashCommand[]): SlashCommand<never> {
  return {
    name: 'help',
    aliases: ['h', '?'],
    help: { zh: '列出所有命令', en: 'List every command' },
    async run({ lang }) {
      const t = commandMessages(lang);
      const commands = list();
      const width = Math.max(...commands.map((c) => (c.usage ?? `/${c.name}`).length));
      const lines = commands.map((c) => {
        const usage = c.usage ?? `/${c.name}`;
        const aliases = c.aliases?.length ? ` (${c.aliases.map((a) => `/${a}`).join(' ')})` : '';
        return `  ${usage.padEnd(width)}  ${c.help[lang]}${aliases}`;
      });
      return {
        content: [t.helpTitle, ...lines, '', t.helpFooter].join('\n'),
        data: {
          commands: commands.map((c) => ({
            name: c.name,
            aliases: c.aliases ?? [],
            usage: c.usage,
            help: c.help[lang],
          })),
        },
      };
    },
  };
}
