import { defineMessages } from '../i18n/lang.js';

export const appMessages = defineMessages({
  zh: {
    legacyKey: (key: string, movedTo?: string) =>
      movedTo
        ? `配置项 ${key} 来自旧版 Aibox，已按 ${movedTo} 读取`
        : `配置项 ${key} 来自旧版 Aibox，已不再使用，已忽略`,
    databaseBackup: (path: string, back: string) =>
      `数据库升级前已给数据目录做了快照：${path}（退回：${back}）`,
    migrating: (step: string, done: number, total: number) => `正在迁移数据库（${step}）：${done} / ${total}`,
    homeTightened: (path: string) => `数据目录 ${path} 原先其他用户可读，已改为仅本人可访问（0700）`,
  },
  en: {
    legacyKey: (key: string, movedTo?: string) =>
      movedTo
        ? `config key ${key} is from the original Aibox; read as ${movedTo}`
        : `config key ${key} is from the original Aibox and no longer used; ignored`,
    databaseBackup: (path: string, back: string) =>
      `a snapshot of the data dir was taken before the database upgrade: ${path} (to go back: ${back})`,
    migrating: (step: string, done: number, total: number) =>
      `migrating the database (${step}): ${done} of ${total}`,
    homeTightened: (path: string) =>
      `the data directory ${path} was readable by other users; it is now private to you (0700)`,
  },
});
