import { defineMessages } from '../../i18n/lang.js';

/** Strings of `aibox service …`. */
export const serviceMessages = defineMessages({
  zh: {
    help: '让 Aibox 作为系统服务运行：开机启动、失败后自动重启（systemd / launchd）',
    helpInstall: '写入并启用服务定义（Linux：systemd 用户单元；macOS：launchd 代理）',
    helpUninstall: '停止并删除服务定义',
    helpStatus: '服务状态：运行时长、重启次数、最近的错误',
    system: '系统服务（开机即启动，不需要登录；需要 root）',
    dryRun: '只打印服务定义，不写入',
    noEnable: '只写入文件，不调用 systemctl / launchctl',
    unsupported: (platform: string) =>
      `不支持此平台（${platform}）：只支持 Linux（systemd）和 macOS（launchd）`,
    needRoot: (command: string) => `--system 需要 root：sudo ${command}`,
    written: (path: string) => `已写入 ${path}`,
    envFile: (path: string) =>
      `模型密钥和渠道凭据：写在 ${path}（每行 KEY=value，chmod 600），例如 DEEPSEEK_API_KEY=sk-…；修改后重新安装或重启服务`,
    envFileLaunchd: (path: string) =>
      `模型密钥和渠道凭据：写在 ${path}（每行 KEY=value），然后重新运行 aibox service install（launchd 没有环境文件，值会写入 0600 的 plist）`,
    linger: (user: string) =>
      `用户服务在登录后才启动；要开机即启动（不登录），运行：sudo loginctl enable-linger ${user}`,
    enabled: '已启用并启动；查看：aibox service status',
    managerFailed: (command: string, message: string) => `${command} 失败：${message}`,
    byHand: (commands: string) => `文件已写入；请手动运行：\n  ${commands}`,
    notInstalled: (path: string) => `没有安装服务（${path} 不存在）`,
    removed: (path: string) => `已停止并删除 ${path}`,
    noManager: (name: string) => `找不到 ${name}：此系统不用它管理服务`,
    status: (name: string, state: string) => `${name}：${state}`,
    pid: (pid: number) => `进程：${pid}`,
    uptime: (text: string) => `已运行：${text}`,
    restarts: (n: number) => `失败后重启：${n} 次`,
    lastError: (text: string) => `最近的错误：${text}`,
    noError: '最近的错误：无',
    unit: (path: string) => `服务定义：${path}`,
    duration: (d: number, h: number, m: number, s: number) =>
      d > 0 ? `${d} 天 ${h} 小时` : h > 0 ? `${h} 小时 ${m} 分钟` : m > 0 ? `${m} 分钟 ${s} 秒` : `${s} 秒`,
  },
  en: {
    help: 'run Aibox as a service: started at boot, restarted after failures (systemd / launchd)',
    helpInstall:
      'write and enable the service definition (Linux: a systemd user unit; macOS: a launchd agent)',
    helpUninstall: 'stop the service and remove its definition',
    helpStatus: 'the service: uptime, restarts, the last error',
    system: 'a system service (started at boot without a login; needs root)',
    dryRun: 'print the service definition, write nothing',
    noEnable: 'write the file only, do not call systemctl / launchctl',
    unsupported: (platform: string) =>
      `not supported on this platform (${platform}): Linux (systemd) and macOS (launchd) only`,
    needRoot: (command: string) => `--system needs root: sudo ${command}`,
    written: (path: string) => `wrote ${path}`,
    envFile: (path: string) =>
      `the model key and channel secrets: put them in ${path} (KEY=value lines, chmod 600), e.g. DEEPSEEK_API_KEY=sk-…; restart the service after a change`,
    envFileLaunchd: (path: string) =>
      `the model key and channel secrets: put them in ${path} (KEY=value lines), then run aibox service install again (launchd has no environment file: they go into the plist, 0600)`,
    linger: (user: string) =>
      `a user service starts when you log in; to start it at boot without a login, run: sudo loginctl enable-linger ${user}`,
    enabled: 'enabled and started; see: aibox service status',
    managerFailed: (command: string, message: string) => `${command} failed: ${message}`,
    byHand: (commands: string) => `the file is written; run by hand:\n  ${commands}`,
    notInstalled: (path: string) => `no service installed (${path} does not exist)`,
    removed: (path: string) => `stopped and removed ${path}`,
    noManager: (name: string) => `${name} not found: this system does not manage services with it`,
    status: (name: string, state: string) => `${name}: ${state}`,
    pid: (pid: number) => `process: ${pid}`,
    uptime: (text: string) => `up: ${text}`,
    restarts: (n: number) => `restarts after failures: ${n}`,
    lastError: (text: string) => `last error: ${text}`,
    noError: 'last error: none',
    unit: (path: string) => `definition: ${path}`,
    duration: (d: number, h: number, m: number, s: number) =>
      d > 0 ? `${d} d ${h} h` : h > 0 ? `${h} h ${m} min` : m > 0 ? `${m} min ${s} s` : `${s} s`,
  },
});
