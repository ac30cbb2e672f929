import { defineMessages } from '../i18n/lang.js';

/** What the file tools say when a path is refused or needs a person's yes (zh and en). */
export const fileAccessMessages = defineMessages({
  zh: {
    what: (tool: string, path: string) => `${tool} ${path}`,
    secret: (path: string) =>
      `拒绝访问 ${path}：这是受保护的文件（Aibox 的配置、数据库、日志或凭据目录，如 ~/.ssh），任何规则或批准都不能放行`,
    outsideRoots: (path: string) => `${path} 在工作区、技能目录和 safety.file_roots 之外`,
    ruleDenied: 'safety.rules 中的规则禁止了它',
  },
  en: {
    what: (tool, path) => `${tool} ${path}`,
    secret: (path) =>
      `Refused ${path}: it is protected (Aibox's config, database, log, or a credentials directory such as ~/.ssh); no rule or approval can allow it`,
    outsideRoots: (path) => `${path} is outside the workspace, the skills dir and safety.file_roots`,
    ruleDenied: 'A rule in safety.rules forbids it',
  },
});
