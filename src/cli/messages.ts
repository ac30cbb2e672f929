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
    configInvalid: (path: string) => `配置文件有误，未启动: ${path}`,
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
    configInvalid: (path: string) => `The config file is invalid; nothing was started: ${path}`,
    configProblem: (key: string, expected: string, found: string) =>
      `${key}: expected ${expected}, found ${found}`,
  },
});
