import { defineMessages } from '../../i18n/lang.js';

/** What the model and the person are told about pictures. */
export const mediaMessages = defineMessages({
  zh: {
    describePrompt:
      '请详细描述这张图片：画面里有什么、人物或物体在做什么、图中的全部文字（照原样写出）。只描述，不要猜测图片以外的事。',
    emptyDescription: '看图模型没有返回描述',
    described: (name: string, text: string) => `[图片 ${name}，由看图模型描述：]\n${text}`,
    notDescribed: (name: string, where: string) => `[收到图片 ${name}，看图模型未能描述；保存在 ${where}]`,
    cannotSee: (name: string, where: string) => `[收到图片 ${name}，但当前模型看不到图片；保存在 ${where}]`,
    earlierPicture: (name: string, where: string) => `[之前的图片 ${name}，保存在 ${where}]`,
    pictureRemoved: (name: string) => `[图片 ${name} 已按保留期限删除]`,
    fromTools: (tools: string) => `[工具 ${tools} 返回的图片：]`,
    badToolPicture: (tool: string, why: string) => `[工具 ${tool} 返回的一张图片无法使用：${why}]`,
    describeFailed: (model: string, why: string) => `⚠️ 看图模型 ${model} 没能描述图片：${why}`,
    howToSee:
      'ℹ️ 当前模型看不到图片，只知道收到了图片及其保存位置。若模型其实能看图，设 llm.vision 为 true；' +
      '否则设 media.vision_model（任一 OpenAI 兼容的看图模型，如 qwen-vl-plus）让它描述图片（见 docs/media.md）。',
  },
  en: {
    describePrompt:
      'Describe this picture in detail: what it shows, what people or things in it are doing, and all text in it (written out as it is). Describe only; do not guess beyond the picture.',
    emptyDescription: 'The vision model sent no description',
    described: (name: string, text: string) => `[Picture ${name}, as a vision model described it:]\n${text}`,
    notDescribed: (name: string, where: string) =>
      `[Picture ${name} received; the vision model could not describe it; saved at ${where}]`,
    cannotSee: (name: string, where: string) =>
      `[Picture ${name} received, but this model cannot see pictures; saved at ${where}]`,
    earlierPicture: (name: string, where: string) => `[Earlier picture ${name}, saved at ${where}]`,
    pictureRemoved: (name: string) => `[Picture ${name} was removed by the retention limits]`,
    fromTools: (tools: string) => `[Pictures the tool ${tools} returned:]`,
    badToolPicture: (tool: string, why: string) =>
      `[A picture the tool ${tool} returned cannot be used: ${why}]`,
    describeFailed: (model: string, why: string) =>
      `⚠️ The vision model ${model} could not describe a picture: ${why}`,
    howToSee:
      'ℹ️ This model cannot see pictures: it is told only that one came and where it is saved. If it can in fact, set llm.vision to true; ' +
      'otherwise set media.vision_model (any OpenAI-compatible vision model, e.g. qwen-vl-plus) to have pictures described (see docs/media.md).',
  },
});
