import { defineMessages } from '../../i18n/lang.js';

export const serveMessages = defineMessages({
  zh: {
    description: '启动 Aibox 服务器（网页 + WebSocket，默认命令）',
    hostOption: '监听地址（默认 config.json 的 server.host，即 127.0.0.1）',
    portOption: '端口（默认 server.port，即 8765）',
    noSchedulerOption: '不运行定时任务调度器',
    verboseOption: '控制台输出调试日志（等同 --debug 3）',
    debugOption: '控制台日志级别 0-3：0 错误，1 警告，2 信息，3 调试',
    badPort: (v: string) => `--port 应为 0-65535 的整数，收到 "${v}"`,
    badDebug: (v: string) => `--debug 应为 0、1、2 或 3，收到 "${v}"`,
    listening: (url: string) => `✅ Aibox 已启动: ${url}`,
    openPage: (url: string, chat: string) =>
      `   在浏览器中打开 ${url}/ ，或在终端运行: ${chat} ${url.replace(/^http/, 'ws')}`,
    tokenHint: '   已启用令牌认证（server.token）：客户端需要提供令牌。',
    noKey: (env: string) => `⚠️  未找到模型密钥：请设置环境变量 ${env}，否则对话会失败。`,
    schedulerOff: '   定时任务调度器未运行。',
    logFile: (path: string) => `   日志: ${path}`,
    stopping: (signal: string) => `\n收到 ${signal}，正在关闭…`,
    stopped: '已安全关闭。',
    forced: '关闭超时，强制退出。',
    portInUse: (port: number) => `端口 ${port} 已被占用：也许已有 Aibox 在运行？用 --port 换一个端口。`,
  },
  en: {
    description: 'Start the Aibox server (web page + WebSocket; the default command)',
    hostOption: 'address to listen on (default: server.host in config.json, i.e. 127.0.0.1)',
    portOption: 'port (default: server.port, i.e. 8765)',
    noSchedulerOption: 'do not run the task scheduler',
    verboseOption: 'debug logs on the console (same as --debug 3)',
    debugOption: 'console log level 0-3: 0 errors, 1 warnings, 2 info, 3 debug',
    badPort: (v: string) => `--port must be an integer 0-65535, got "${v}"`,
    badDebug: (v: string) => `--debug must be 0, 1, 2 or 3, got "${v}"`,
    listening: (url: string) => `✅ Aibox is running: ${url}`,
    openPage: (url: string, chat: string) =>
      `   Open ${url}/ in a browser, or in a terminal run: ${chat} ${url.replace(/^http/, 'ws')}`,
    tokenHint: '   Token auth is on (server.token): clients must present the token.',
    noKey: (env: string) =>
      `⚠️  No model key found: set the environment variable ${env}, or conversations will fail.`,
    schedulerOff: '   The task scheduler is not running.',
    logFile: (path: string) => `   Log: ${path}`,
    stopping: (signal: string) => `\n${signal} received, shutting down…`,
    stopped: 'Shut down cleanly.',
    forced: 'Shutdown took too long; exiting.',
    portInUse: (port: number) =>
      `Port ${port} is already in use: is Aibox already running? Pick another with --port.`,
  },
});
