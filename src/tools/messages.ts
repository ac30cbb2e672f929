import { defineMessages } from '../i18n/lang.js';

/** Strings shared by several built-in tools (result shortening, paths, common argument descriptions). */
export const commonMessages = defineMessages({
  zh: {
    omitted: (count: number, path: string) => `…… 已省略 ${count} 个字符；完整输出：${path} ……`,
    omittedNoFile: (count: number) => `…… 已省略 ${count} 个字符（完整输出保存失败）……`,
    dirMissing: (path: string) => `目录不存在: ${path}`,
    notADir: (path: string) => `不是目录: ${path}`,
    notAFile: (path: string) => `不是普通文件: ${path}`,
    fileMissing: (path: string) => `文件不存在: ${path}`,
    permissionDenied: (path: string) => `权限不足: ${path}`,
    fsError: (path: string, error: string) => `访问 ${path} 出错: ${error}`,
    noOutput: '(无输出)',
    legacyConfirm: '兼容旧参数，可省略',
    deleteConfirm: '删除时必须为 true',
  },
  en: {
    omitted: (count, path) => `… ${count} chars omitted; full output: ${path} …`,
    omittedNoFile: (count) => `… ${count} chars omitted (saving the full output failed) …`,
    dirMissing: (path) => `Directory not found: ${path}`,
    notADir: (path) => `Not a directory: ${path}`,
    notAFile: (path) => `Not a regular file: ${path}`,
    fileMissing: (path) => `File not found: ${path}`,
    permissionDenied: (path) => `Permission denied: ${path}`,
    fsError: (path, error) => `Error accessing ${path}: ${error}`,
    noOutput: '(no output)',
    legacyConfirm: 'Accepted for compatibility; may be left out',
    deleteConfirm: 'Must be true to delete',
  },
});
