import { defineMessages } from '../i18n/lang.js';

export const cliMessages = defineMessages({
  zh: {
    programDescription: 'Aibox：运行在你自己机器上的 AI 助手',
    configOption: '配置文件（默认 $AIBOX_HOME/config.json）',
    langOption: '消息语言：zh | en',
    errorPrefix: '错误: ',
    configInvalid: (path: string) => `配置文件有误，未启动: ${path}`,
    configProblem: (key: string, expected: string, found: string) =>
      `${key}: 应为 ${expected}，实际为 ${found}`,
  },
  en: {
    programDescription: 'Aibox: a self-hosted AI agent for your own box',
    configOption: 'config file (default: $AIBOX_HOME/config.json)',
    langOption: 'language of messages: zh | en',
    errorPrefix: 'error: ',
    configInvalid: (path: string) => `The config file is invalid; nothing was started: ${path}`,
    configProblem: (key: string, expected: string, found: string) =>
      `${key}: expected ${expected}, found ${found}`,
  },
});
