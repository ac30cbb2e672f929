import { defineMessages } from '../i18n/lang.js';

function recovery(path: string): string[] {
  const recovered = `${path}.recovered`;
  return [
    `  sqlite3 "${path}" "PRAGMA integrity_check;"`,
    `  sqlite3 "${path}" ".recover" | sqlite3 "${recovered}"`,
    `  mv "${path}" "${path}.damaged" && mv "${recovered}" "${path}"`,
  ];
}

export const storeMessages = defineMessages({
  zh: {
    damaged: (path: string, detail: string, backups: string[]) =>
      [
        `数据库文件已损坏，Aibox 不会在损坏的数据上启动：${path}`,
        `SQLite 报告：${detail}`,
        backups.length > 0
          ? `现有备份（可复制回 ${path}）：\n${backups.map((b) => `  ${b}`).join('\n')}`
          : '没有找到备份（memories.db.bak-*）。',
        '用 sqlite3 检查并尽量恢复（先停止 Aibox，并复制一份原文件）：',
        ...recovery(path),
      ].join('\n'),
  },
  en: {
    damaged: (path: string, detail: string, backups: string[]) =>
      [
        `The database file is damaged; Aibox will not start on damaged data: ${path}`,
        `SQLite says: ${detail}`,
        backups.length > 0
          ? `Backups that exist (copy one back to ${path}):\n${backups.map((b) => `  ${b}`).join('\n')}`
          : 'No backups (memories.db.bak-*) were found.',
        'Check it and recover what can be recovered with sqlite3 (stop Aibox and copy the file first):',
        ...recovery(path),
      ].join('\n'),
  },
});
