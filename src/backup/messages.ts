import { defineMessages } from '../i18n/lang.js';

/** `aibox backup` and `aibox restore`. */
export const backupMessages = defineMessages({
  zh: {
    backupDescription: '把数据目录做成一个快照（数据库、配置、技能、提示词、渠道状态）',
    toOption: '快照写入的目录（默认 <数据目录>/backups）',
    listOption: '列出已有的快照',
    jsonOption: '以 JSON 输出',
    restoreDescription: '恢复一个快照（先给当前状态做一个快照）',
    snapshotArgument: '快照文件（路径，或 backups 目录里的文件名）',
    written: (file: string, files: number, bytes: string) =>
      `已写入快照：${file}（${files} 个条目，${bytes}）`,
    pruned: (count: number) => `按 backup.keep 删除了 ${count} 个较早的快照。`,
    none: (dir: string) => `还没有快照：${dir}`,
    listHeader: (dir: string) => `快照（${dir}，新的在前）：`,
    listLine: (name: string, when: string, reason: string, version: string, schema: number, bytes: string) =>
      `  ${name}  ${when}  ${reason}  Aibox ${version}  数据库结构 v${schema}  ${bytes}`,
    unreadable: (name: string, problem: string) => `  ${name}  无法读取：${problem}`,
    restored: (file: string, when: string) => `已恢复快照 ${file}（创建于 ${when}）。`,
    beforeSaved: (command: string) => `恢复前的状态已保存，可用此命令退回：\n  ${command}`,
    notFound: (file: string) => `没有这个快照：${file}（aibox backup --list 列出已有的快照）`,
    invalid: (file: string, detail: string) => `快照不完整或已损坏，什么都没有恢复：${file}\n  ${detail}`,
    tooNew: (file: string, found: number, known: number, version: string) =>
      `这个快照的数据库结构是 v${found}（由 Aibox ${version} 创建），这个版本只认识到 v${known}，恢复后无法启动；什么都没有恢复：${file}\n请用 Aibox ${version} 恢复它。`,
    restoreWhileRunning: (running: string) =>
      `${running}\n恢复会替换正在使用的数据：先停止它，再运行 aibox restore。`,
  },
  en: {
    backupDescription: 'write a snapshot of the data dir (database, config, skills, prompts, channel state)',
    toOption: 'directory the snapshot goes to (default <data dir>/backups)',
    listOption: 'list the snapshots there are',
    jsonOption: 'print JSON',
    restoreDescription: 'put a snapshot back (the current state is snapshotted first)',
    snapshotArgument: 'the snapshot file (a path, or a file name in the backups directory)',
    written: (file: string, files: number, bytes: string) =>
      `Snapshot written: ${file} (${files} entries, ${bytes})`,
    pruned: (count: number) => `Removed ${count} older snapshot(s) (backup.keep).`,
    none: (dir: string) => `No snapshots yet: ${dir}`,
    listHeader: (dir: string) => `Snapshots (${dir}, newest first):`,
    listLine: (name: string, when: string, reason: string, version: string, schema: number, bytes: string) =>
      `  ${name}  ${when}  ${reason}  Aibox ${version}  database schema v${schema}  ${bytes}`,
    unreadable: (name: string, problem: string) => `  ${name}  cannot be read: ${problem}`,
    restored: (file: string, when: string) => `Restored the snapshot ${file} (made ${when}).`,
    beforeSaved: (command: string) => `The state before it was saved; this goes back:\n  ${command}`,
    notFound: (file: string) => `No such snapshot: ${file} (aibox backup --list lists them)`,
    invalid: (file: string, detail: string) =>
      `The snapshot is incomplete or damaged; nothing was restored: ${file}\n  ${detail}`,
    tooNew: (file: string, found: number, known: number, version: string) =>
      `This snapshot's database has schema v${found} (made by Aibox ${version}); this build knows up to v${known} and would not start on it, so nothing was restored: ${file}\nRestore it with Aibox ${version}.`,
    restoreWhileRunning: (running: string) =>
      `${running}\nA restore replaces the data it is using: stop it first, then run aibox restore.`,
  },
});
