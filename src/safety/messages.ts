import { defineMessages } from '../i18n/lang.js';
import type { ReasonKey } from './findings.js';

type Reasons = Record<ReasonKey, (detail: string) => string>;

const ZH_REASONS: Reasons = {
  secret: (d) => `涉及 Aibox 的机密文件或用户凭据：${d}`,
  procEnviron: (d) => `读取进程的环境变量（其中可能有密钥）：${d}`,
  deletes: (d) => `删除文件：${d}`,
  writesOutside: (d) => `写入工作区以外（需要在沙箱外运行）：${d}`,
  writesUnknown: () => '写入的路径在运行时才确定，无法检查',
  writesUnsandboxed: (d) => `在沙箱外写入文件：${d}`,
  sendsData: (d) => `向外发送数据：${d}`,
  installs: (d) => `安装或移除软件包：${d}`,
  changesSystem: (d) => `修改系统或提升权限：${d}`,
  dynamicProgram: (d) => `要运行的程序在运行时才确定，无法检查：${d}`,
  dynamicCode: (d) => `执行无法预先检查的代码：${d}`,
  stdinCode: (d) => `从标准输入读取并执行代码：${d}`,
  unparsable: (d) => `无法解析命令：${d}`,
  tooDeep: (d) => `命令嵌套或数量超出检查上限（${d}）`,
  unknownUnsandboxed: (d) => `在沙箱外运行未知程序：${d}`,
  codeUnsandboxed: (d) => `在沙箱外运行脚本或代码：${d}`,
  commandConfig: (d) => `通过配置让程序执行其他命令：${d}`,
  modelSkill: (d) => `首次运行模型自己创建或安装的技能：${d}`,
  detaches: (d) => `启动在命令结束后仍会继续运行的进程：${d}`,
  ruleAsk: (d) => `规则要求询问：${d}`,
  ruleDeny: (d) => `规则禁止：${d}`,
};

const EN_REASONS: Reasons = {
  secret: (d) => `touches Aibox's secrets or the user's credentials: ${d}`,
  procEnviron: (d) => `reads a process's environment (it may hold keys): ${d}`,
  deletes: (d) => `deletes files: ${d}`,
  writesOutside: (d) => `writes outside the workspace (must run outside the sandbox): ${d}`,
  writesUnknown: () => 'writes to a path known only at run time',
  writesUnsandboxed: (d) => `writes a file without the sandbox: ${d}`,
  sendsData: (d) => `sends data out: ${d}`,
  installs: (d) => `installs or removes packages: ${d}`,
  changesSystem: (d) => `changes the system or gains privileges: ${d}`,
  dynamicProgram: (d) => `the program is known only at run time: ${d}`,
  dynamicCode: (d) => `runs code that cannot be checked beforehand: ${d}`,
  stdinCode: (d) => `reads code from standard input and runs it: ${d}`,
  unparsable: (d) => `the command could not be parsed: ${d}`,
  tooDeep: (d) => `too deeply nested or too many commands to check (limit ${d})`,
  unknownUnsandboxed: (d) => `runs an unknown program without the sandbox: ${d}`,
  codeUnsandboxed: (d) => `runs a script or code without the sandbox: ${d}`,
  commandConfig: (d) => `configures a program to run another command: ${d}`,
  modelSkill: (d) => `first run of a skill the model created or installed: ${d}`,
  detaches: (d) => `starts a process that outlives the command: ${d}`,
  ruleAsk: (d) => `a rule says ask: ${d}`,
  ruleDeny: (d) => `a rule forbids it: ${d}`,
};

/** Strings of the command policy and the sandbox. */
export const safetyMessages = defineMessages({
  zh: {
    reason: (key: ReasonKey, detail: string) => ZH_REASONS[key](detail),
    allowed: '只读，或只在沙箱内写入工作区',
    off: 'safety.mode = off：不检查命令',
    and: '；',
    more: (n: number) => `等 ${n} 项`,
    sandboxBwrap: '沙箱：bubblewrap',
    sandboxOff: '沙箱：已关闭（safety.sandbox = off），命令直接在本机运行，写入和未知程序都会询问',
    sandboxUnavailable: (why: string) => `沙箱不可用（${why}），命令直接在本机运行，写入和未知程序都会询问`,
    sandboxRequired: (why: string) => `safety.sandbox = bwrap，但 bubblewrap 无法运行：${why}`,
    modeOff: 'safety.mode = off：模型要求的命令不经检查、不在沙箱中运行',
    bwrapMissing: '找不到 bwrap（Debian 软件包 bubblewrap）',
  },
  en: {
    reason: (key: ReasonKey, detail: string) => EN_REASONS[key](detail),
    allowed: 'read-only, or writes only the workspace inside the sandbox',
    off: 'safety.mode = off: commands are not checked',
    and: '; ',
    more: (n: number) => `and ${n} more`,
    sandboxBwrap: 'sandbox: bubblewrap',
    sandboxOff:
      'sandbox: off (safety.sandbox = off); commands run directly on this machine, and writes and unknown programs are asked',
    sandboxUnavailable: (why: string) =>
      `sandbox unavailable (${why}); commands run directly on this machine, and writes and unknown programs are asked`,
    sandboxRequired: (why: string) => `safety.sandbox = bwrap, but bubblewrap cannot run: ${why}`,
    modeOff: 'safety.mode = off: the commands the model asks for run unchecked and unsandboxed',
    bwrapMissing: 'bwrap not found (Debian package bubblewrap)',
  },
});
