import { defineMessages } from '../i18n/lang.js';

/** What the model is told of received files (pictures: pictures/messages.ts). */
export const receivedMessages = defineMessages({
  zh: {
    fileSaved: (path: string) => `[用户发送了文件，已保存到工作区：${path}]`,
    badPictureSaved: (path: string) =>
      `[用户发送的图片无法解码（损坏或不完整），已作为文件保存到工作区：${path}]`,
    uploadNotFound: (id: string) => `找不到上传 ${id}（未知、已过期或已用过）：请重新上传`,
    badPicture: (why: string) => `图片无法读取：${why}`,
    tooManyAttachments: (max: number) => `一条消息最多带 ${max} 个附件`,
  },
  en: {
    fileSaved: (path: string) => `[The user sent a file; saved in the workspace as: ${path}]`,
    badPictureSaved: (path: string) =>
      `[The user sent a picture that does not decode (damaged or incomplete); saved in the workspace as a file: ${path}]`,
    uploadNotFound: (id: string) => `No upload ${id} (unknown, expired or already used): upload it again`,
    badPicture: (why: string) => `The picture cannot be read: ${why}`,
    tooManyAttachments: (max: number) => `A message carries at most ${max} attachments`,
  },
});
