import { defineMessages } from '../i18n/lang.js';

/** Commander's own help headings in Chinese. */
const ZH_HELP_TITLES: Record<string, string> = {
  'Usage:': '用法:',
  'Options:': '选项:',
  'Commands:': '命令:',
  'Arguments:': '参数:',
  'Global Options:': '全局选项:',
};

export const cliMessages = defineMessages({
  zh: {
    programDescription: 'Aibox：运行在你自己机器上的 AI 助手',
    configOption: '配置文件（默认 $AIBOX_HOME/config.json）',
    langOption: '消息语言：zh | en',
    versionOption: '显示版本号',
    helpOption: '显示命令的帮助',
    helpCommand: '显示某个命令的帮助',
    helpTitle: (title: string) => ZH_HELP_TITLES[title] ?? title,
    errorPrefix: '错误: ',
    configInvalid: (path: string, serve: boolean) =>
      `配置文件有误，${serve ? '未启动' : '命令未执行'}: ${path}`,
    configProblem: (key: string, expected: string, found: string) =>
      `${key}: 应为 ${expected}，实际为 ${found}`,
  },
  en: {
    programDescription: 'Aibox: a self-hosted AI agent for your own box',
    configOption: 'config file (default: $AIBOX_HOME/config.json)',
    langOption: 'language of messages: zh | en',
    versionOption: 'print the version',
    helpOption: 'show help for the command',
    helpCommand: 'show help for a command',
    helpTitle: (title: string) => title,
    errorPrefix: 'error: ',
    configInvalid: (path: string, serve: boolean) =>
      `The config file is invalid; ${serve ? 'nothing was started' : 'the command did not run'}: ${path}`,
    configProblem: (key: string, expected: string, found: string) =>
      `${key}: expected ${expected}, found ${found}`,
  },
});

/** Commander's own words (src/cli/commander-text.ts). */
export const commanderMessages = defineMessages({
  zh: {
    errorPrefix: '错误: ',
    choices: (values: readonly string[]) => `可选值：${values.join('、')}`,
    defaultIs: (value: string) => `默认：${value}`,
    envIs: (name: string) => `环境变量：${name}`,
    extras: (items: readonly string[]) => `（${items.join('；')}）`,
    didYouMean: (what: string) => `（是否想用 ${what}？）`,
    commandsAre: (names: readonly string[]) => `（可用的命令：${names.join('、')}）`,
    unknownOption: (flag: string) => `未知选项 ${flag}`,
    unknownCommand: (name: string) => `未知命令 ${name}`,
    unknownCommandIn: (name: string, parent: string | undefined) =>
      parent ? `${parent} 没有子命令 ${name}` : `未知命令 ${name}`,
    tooMany: (command: string | undefined, expected: number, got: number) =>
      `${command ? `${command} 的` : ''}参数过多：应为 ${expected} 个，实际为 ${got} 个`,
    missingArgument: (name: string) => `缺少参数 ${name}`,
    optionValueMissing: (flags: string) => `选项 ${flags} 缺少值`,
    requiredOption: (flags: string) => `必须给出选项 ${flags}`,
    badOptionValue: (flags: string, value: string, why: string) =>
      `选项 ${flags} 的值 ${value} 无效${why ? `：${why}` : ''}`,
    badArgument: (name: string, value: string, why: string) =>
      `参数 ${name} 的值 ${value} 无效${why ? `：${why}` : ''}`,
  },
  en: {
    errorPrefix: 'error: ',
    choices: (values: readonly string[]) => `choices: ${values.map((v) => JSON.stringify(v)).join(', ')}`,
    defaultIs: (value: string) => `default: ${value}`,
    envIs: (name: string) => `env: ${name}`,
    extras: (items: readonly string[]) => ` (${items.join(', ')})`,
    didYouMean: (what: string) => ` (did you mean ${what}?)`,
    commandsAre: (names: readonly string[]) => ` (its commands: ${names.join(', ')})`,
    unknownOption: (flag: string) => `unknown option ${flag}`,
    unknownCommand: (name: string) => `unknown command ${name}`,
    unknownCommandIn: (name: string, parent: string | undefined) =>
      parent ? `${parent} has no command ${name}` : `unknown command ${name}`,
    tooMany: (command: string | undefined, expected: number, got: number) =>
      `too many arguments${command ? ` for ${command}` : ''}: expected ${expected}, got ${got}`,
    missingArgument: (name: string) => `missing argument ${name}`,
    optionValueMissing: (flags: string) => `option ${flags} needs a value`,
    requiredOption: (flags: string) => `option ${flags} is required`,
    badOptionValue: (flags: string, value: string, why: string) =>
      `option ${flags}: ${value} is not valid${why ? `: ${why}` : ''}`,
    badArgument: (name: string, value: string, why: string) =>
      `argument ${name}: ${value} is not valid${why ? `: ${why}` : ''}`,
  },
});
