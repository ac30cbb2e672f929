import { defineMessages } from '../../i18n/lang.js';

export const apiMessages = defineMessages({
  zh: {
    badBody: (detail: string) => `请求内容无效：${detail}`,
    badJson: '请求体不是有效的 JSON',
    badId: (raw: string) => `无效的编号：${raw}`,
    noSkill: (name: string) => `没有名为 ${name} 的技能`,
    noTask: (id: number) => `没有编号为 ${id} 的任务`,
    preCheckRefused: (why: string) =>
      `预检命令不能使用：${why}（需要确认的命令请在对话里让 AI 创建任务，由你当场确认）`,
    noChannel: (name: string) => `没有名为 ${name} 的聊天渠道`,
    noSender: (channel: string, id: string) => `${channel} 上没有配对过的用户 ${id}`,
    noMemory: (id: string) => `没有 ID 为 ${id} 的记忆`,
    noRun: (id: string) => `没有 ID 为 ${id} 的记忆整理运行`,
    noFile: '没有上传文件：请以原始请求体加 ?filename=，或以 multipart 字段 file 上传',
    badForm: (detail: string) => `multipart 请求体无法解析：${detail}`,
    badFilename: (name: string) => `文件名无效：${name}（只允许字母、数字、_、-、.）`,
    tooLarge: (max: number) => `上传文件过大（上限 ${Math.round(max / 1024)} KiB）`,
    noUploadBody: '没有上传内容：请以原始请求体上传文件，文件名放在 ?filename=',
    badPicture: (why: string) => `图片无法读取（损坏、不完整、超过 5000 万像素或解码超时）：${why}`,
    noPicture: (id: string) => `没有这张图片：${id}（可能已按保留期限删除）`,
    notFound: (path: string) => `没有这个接口：${path}`,
    noMcpList: (name: string, kind: string) => `没有已连接并提供 ${kind} 的 MCP 服务器「${name}」`,
    internal: '服务器内部错误，详情见日志',
    settingsRefused: '设置未保存：有的值不符合要求（见各项），config.json 未改动',
    settingsFileInvalid: 'config.json 有误，未做任何更改',
  },
  en: {
    badBody: (detail: string) => `Invalid request: ${detail}`,
    badJson: 'The request body is not valid JSON',
    badId: (raw: string) => `Invalid id: ${raw}`,
    noSkill: (name: string) => `No skill named ${name}`,
    noTask: (id: number) => `No task with id ${id}`,
    preCheckRefused: (why: string) =>
      `The pre-check cannot be used: ${why} (for a command that needs a yes, ask the AI in a chat to create the task and approve it there)`,
    noChannel: (name: string) => `No chat channel named ${name}`,
    noSender: (channel: string, id: string) => `No paired sender ${id} on ${channel}`,
    noMemory: (id: string) => `No memory with id ${id}`,
    noRun: (id: string) => `No consolidation run with id ${id}`,
    noFile: 'No file uploaded: send it as the raw body with ?filename=, or as the multipart field "file"',
    badForm: (detail: string) => `The multipart body cannot be read: ${detail}`,
    badFilename: (name: string) => `Invalid file name: ${name} (letters, digits, _, - and . only)`,
    tooLarge: (max: number) => `The uploaded file is too large (limit ${Math.round(max / 1024)} KiB)`,
    noUploadBody: 'Nothing uploaded: send the file as the raw request body, its name in ?filename=',
    badPicture: (why: string) =>
      `The picture cannot be read (damaged, incomplete, over 50 megapixels or too slow to decode): ${why}`,
    noPicture: (id: string) => `No such picture: ${id} (it may have been removed by the retention limits)`,
    notFound: (path: string) => `No such endpoint: ${path}`,
    noMcpList: (name: string, kind: string) => `No connected MCP server "${name}" that offers ${kind}`,
    internal: 'Internal server error; see the log',
    settingsRefused: 'Settings not saved: some values are not accepted (see each); config.json is unchanged',
    settingsFileInvalid: 'config.json is invalid; nothing was changed',
  },
});

export type ApiMessages = ReturnType<typeof apiMessages>;
