import { defineMessages } from '../../i18n/lang.js';

/** About picture files named on the command line. */
export const pictureFileMessages = defineMessages({
  zh: {
    unreadable: (path: string, max: number) => `无法读取图片文件 ${path}（须是普通文件，最多 ${max} 字节）`,
    notAPicture: (path: string) => `${path} 不是支持的图片（JPEG、PNG、GIF、WebP、AVIF、TIFF），按内容判断`,
    badPicture: (path: string, why: string) => `图片 ${path} 无法读取：${why}`,
    imageOption: '随消息附上一张图片（可重复）',
  },
  en: {
    unreadable: (path: string, max: number) =>
      `Cannot read the picture file ${path} (it must be a regular file of at most ${max} bytes)`,
    notAPicture: (path: string) =>
      `${path} is not a supported picture (JPEG, PNG, GIF, WebP, AVIF, TIFF), judged by its bytes`,
    badPicture: (path: string, why: string) => `The picture ${path} cannot be read: ${why}`,
    imageOption: 'attach a picture to the message (repeatable)',
  },
});
