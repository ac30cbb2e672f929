import { defineMessages } from '../i18n/lang.js';

export const promptMessages = defineMessages({
  zh: {
    fallback: '你是一个智能 AI 助手。',
    now: (date: string, weekday: string, zone: string, offset: string) =>
      `当前时间：${date} ${weekday}（时区 ${zone}，UTC${offset}）。`,
    summaryHeading: '# 之前对话的摘要',
    instructionsHeading: '# 本轮任务说明',
  },
  en: {
    fallback: 'You are a helpful AI assistant.',
    now: (date: string, weekday: string, zone: string, offset: string) =>
      `Current time: ${date}, ${weekday} (time zone ${zone}, UTC${offset}).`,
    summaryHeading: '# Summary of the earlier conversation',
    instructionsHeading: '# Instructions for this turn',
  },
});
