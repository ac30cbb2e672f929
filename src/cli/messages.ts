import { defineMessages } from '../i18n/lang.js';

export const cliMessages = defineMessages({
  zh: {
    errorPrefix: '错误: ',
    configInvalid: (path: string) => `配置文件有误，未启动: ${path}`,
    configProblem: (key: string, expected: string, found: string) =>
      `${key}: 应为 ${expected}，实际为 ${found}`,
  },
  en: {
    errorPrefix: 'error: ',
    configInvalid: (path: string) => `The config file is invalid; nothing was started: ${path}`,
    configProblem: (key: string, expected: string, found: string) =>
      `${key}: expected ${expected}, found ${found}`,
  },
});
