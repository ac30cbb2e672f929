import { defineMessages } from '../i18n/lang.js';

/** Strings of /file (zh/en). */
export const fileCommandMessages = defineMessages({
  zh: {
    usage: '用法: /file 路径（工作区里的文件，例如 /file chat-files/report.pdf）；在聊天渠道里会把文件发给你',
    ready: (path: string, bytes: number, where: string) =>
      `📎 ${path}（${bytes} 字节），在 Aibox 上的位置：${where}`,
    notFound: (path: string) => `❌ 工作区里没有这个文件：${path}`,
    outside: (path: string) => `❌ 只能发送工作区里的文件：${path}`,
    notFile: (path: string) => `❌ 不是普通文件：${path}`,
    empty: (path: string) => `❌ 文件是空的：${path}`,
    tooBig: (path: string, max: number) =>
      `❌ 文件超过 ${max} 字节的上限（channels.max_file_bytes）：${path}`,
    badPath: '❌ 路径不合法（太长或含有控制字符）',
  },
  en: {
    usage:
      'Usage: /file PATH (a file in the workspace, e.g. /file chat-files/report.pdf); in a chat the file is sent to you',
    ready: (path: string, bytes: number, where: string) =>
      `📎 ${path} (${bytes} bytes), on the box at: ${where}`,
    notFound: (path: string) => `❌ No such file in the workspace: ${path}`,
    outside: (path: string) => `❌ Only files in the workspace can be sent: ${path}`,
    notFile: (path: string) => `❌ Not a regular file: ${path}`,
    empty: (path: string) => `❌ The file is empty: ${path}`,
    tooBig: (path: string, max: number) =>
      `❌ The file is larger than the ${max}-byte limit (channels.max_file_bytes): ${path}`,
    badPath: '❌ Not a usable path (too long, or with control characters)',
  },
});
