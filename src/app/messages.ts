import { defineMessages } from '../i18n/lang.js';

export const appMessages = defineMessages({
  zh: {
    legacyKey: (key: string, movedTo?: string) =>
      movedTo
        ? `配置项 ${key} 来自旧版 Aibox，已按 ${movedTo} 读取`
        : `配置项 ${key} 来自旧版 Aibox，已不再使用，已忽略`,
    databaseBackup: (path: string) => `数据库升级前已备份到 ${path}`,
    homeTightened: (path: string) => `数据目录 ${path} 原先其他用户可读，已改为仅本人可访问（0700）`,
  },
  en: {
    legacyKey: (key: string, movedTo?: string) =>
      movedTo
        ? `config key ${key} is from the original Aibox; read as ${movedTo}`
        : `config key ${key} is from the original Aibox and no longer used; ignored`,
    databaseBackup: (path: string) => `the database was backed up to ${path} before its upgrade`,
    homeTightened: (path: string) =>
      `the data directory ${path} was readable by other users; it is now private to you (0700)`,
  },
});
