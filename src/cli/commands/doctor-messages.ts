import { defineMessages } from '../../i18n/lang.js';

/** Strings of `aibox doctor`. */
export const doctorMessages = defineMessages({
  zh: {
    description: '检查本机的安全设置：沙箱能否运行、安全模式、规则数',
    json: '以 JSON 输出',
    network: (on: boolean) => `沙箱内网络：${on ? '开启' : '关闭'}（safety.network）`,
    mode: (mode: string, sandbox: string) =>
      `安全模式：${mode}（safety.mode）；沙箱设置：${sandbox}（safety.sandbox）`,
    rules: (n: number) => `规则：${n} 条（safety.rules）`,
    unmet: 'safety.sandbox = bwrap，但沙箱无法运行：服务将拒绝启动',
  },
  en: {
    description: "check this machine's safety setup: whether the sandbox runs, the safety mode, the rules",
    json: 'print JSON',
    network: (on: boolean) => `network inside the sandbox: ${on ? 'on' : 'off'} (safety.network)`,
    mode: (mode: string, sandbox: string) =>
      `safety mode: ${mode} (safety.mode); sandbox setting: ${sandbox} (safety.sandbox)`,
    rules: (n: number) => `rules: ${n} (safety.rules)`,
    unmet: 'safety.sandbox = bwrap, but the sandbox cannot run: the server will refuse to start',
  },
});
