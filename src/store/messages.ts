import { defineMessages } from '../i18n/lang.js';

function recovery(path: string): string[] {
  const recovered = `${path}.recovered`;
  return [
    `  sqlite3 "${path}" "PRAGMA integrity_check;"`,
    `  sqlite3 "${path}" ".recover" | sqlite3 "${recovered}"`,
    `  mv "${path}" "${path}.damaged" && mv "${recovered}" "${path}"`,
  ];
}

interface RunningBox {
  pid?: number;
  port?: number;
  host?: string;
  version?: string;
}

function boxLabel(box: RunningBox, unknown: string): string {
  const parts = [
    box.pid ? `pid ${box.pid}` : unknown,
    box.port ? `${box.host ?? '127.0.0.1'}:${box.port}` : '',
    box.version ? `v${box.version}` : '',
  ];
  return parts.filter(Boolean).join(', ');
}

export const storeMessages = defineMessages({
  zh: {
    boxRunning: (home: string, box: RunningBox) =>
      `另一个 Aibox 正在使用这个数据目录（${boxLabel(box, 'pid 未知')}）：${home}\n` +
      '一个数据目录只能运行一个 Aibox：先停止它（Ctrl+C 或 kill 该 pid），或用 AIBOX_HOME 指定另一个目录。',
    tooNew: (path: string, found: number, known: number, writtenBy: string | undefined, back: string) =>
      [
        `数据库由更新的 Aibox${writtenBy ? ` ${writtenBy}` : ''} 迁移到了结构版本 ${found}，` +
          `这个版本的 Aibox 只认识到 ${known}；为了不损坏数据，没有启动：${path}`,
        `请使用 Aibox ${writtenBy ?? '的新版本'}，或退回迁移前的快照：`,
        `  ${back}`,
      ].join('\n'),
    snapshotFailed: (path: string, detail: string) =>
      `迁移数据库前无法保存快照，所以没有迁移，数据没有任何改动：${path}\n  ${detail}\n（例如磁盘满了：腾出空间后重新启动。）`,
    migrationFailed: (path: string, step: string, detail: string, back: string | undefined) =>
      [
        `数据库迁移失败（${step}）：${detail}`,
        `没有改动任何数据，${path} 与迁移前完全相同。`,
        back ? `迁移前的快照可以这样恢复：\n  ${back}` : '',
      ]
        .filter(Boolean)
        .join('\n'),
    damaged: (path: string, detail: string, backups: string[]) =>
      [
        `数据库文件已损坏，Aibox 不会在损坏的数据上启动：${path}`,
        `SQLite 报告：${detail}`,
        backups.length > 0
          ? `现有备份（可复制回 ${path}）：\n${backups.map((b) => `  ${b}`).join('\n')}`
          : '没有找到备份（memories.db.bak-*）。',
        '数据目录的快照：aibox backup --list；恢复一个：aibox restore <快照>',
        '用 sqlite3 检查并尽量恢复（先停止 Aibox，并复制一份原文件）：',
        ...recovery(path),
      ].join('\n'),
  },
  en: {
    boxRunning: (home: string, box: RunningBox) =>
      `Another Aibox is using this data dir (${boxLabel(box, 'pid unknown')}): ${home}\n` +
      'One data dir runs one Aibox: stop that one first (Ctrl+C, or kill its pid), or give this one another AIBOX_HOME.',
    tooNew: (path: string, found: number, known: number, writtenBy: string | undefined, back: string) =>
      [
        `The database was migrated by a newer Aibox${writtenBy ? ` (${writtenBy})` : ''} to schema version ${found}; ` +
          `this build knows versions up to ${known}, so it did not start rather than damage it: ${path}`,
        `Run Aibox ${writtenBy ?? 'of the newer version'} again, or go back to the snapshot taken before that migration:`,
        `  ${back}`,
      ].join('\n'),
    snapshotFailed: (path: string, detail: string) =>
      `No snapshot could be taken before migrating the database, so it was not migrated and nothing changed: ${path}\n  ${detail}\n(A full disk, for one: free some space and start again.)`,
    migrationFailed: (path: string, step: string, detail: string, back: string | undefined) =>
      [
        `A database migration failed (${step}): ${detail}`,
        `Nothing was changed: ${path} is exactly as it was before.`,
        back ? `The snapshot taken before it is put back with:\n  ${back}` : '',
      ]
        .filter(Boolean)
        .join('\n'),
    damaged: (path: string, detail: string, backups: string[]) =>
      [
        `The database file is damaged; Aibox will not start on damaged data: ${path}`,
        `SQLite says: ${detail}`,
        backups.length > 0
          ? `Backups that exist (copy one back to ${path}):\n${backups.map((b) => `  ${b}`).join('\n')}`
          : 'No backups (memories.db.bak-*) were found.',
        'Snapshots of the data dir: aibox backup --list; put one back: aibox restore <snapshot>',
        'Check it and recover what can be recovered with sqlite3 (stop Aibox and copy the file first):',
        ...recovery(path),
      ].join('\n'),
  },
});
