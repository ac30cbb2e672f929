import { defineMessages } from '../i18n/lang.js';
import type { ReasonKey } from './command/findings.js';

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
  modelSkill: (d) => `运行模型创建、安装或写入的技能（首次运行，或文件在同意后改过）：${d}`,
  detaches: (d) => `启动在命令结束后仍会继续运行的进程：${d}`,
  ruleAsk: (d) => `规则要求询问：${d}`,
  ruleDeny: (d) => `规则禁止：${d}`,
  setsEnv: (d) => `设置了会改变实际运行内容的变量（在本机运行）：${d}`,
  modelEnv: (d) => `模型为命令设置了环境变量（在本机运行）：${d}`,
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
  modelSkill: (d) =>
    `runs a skill the model created, installed or wrote (its first run, or its files changed since the yes): ${d}`,
  detaches: (d) => `starts a process that outlives the command: ${d}`,
  ruleAsk: (d) => `a rule says ask: ${d}`,
  ruleDeny: (d) => `a rule forbids it: ${d}`,
  setsEnv: (d) => `sets variables that change what runs (on this machine): ${d}`,
  modelEnv: (d) => `runs on this machine with environment variables the model set: ${d}`,
};

/** Strings of the command policy and the sandbox. */
export const safetyMessages = defineMessages({
  zh: {
    reason: (key: ReasonKey, detail: string) => ZH_REASONS[key](detail),
    allowed: '只读，或只在沙箱内写入工作区',
    off: 'safety.mode = off：不检查命令',
    and: '；',
    more: (n: number) => `等 ${n} 项`,
    wholeLineOnHost: (reasons: string) =>
      `整行命令将在沙箱外、直接在本机运行，每一部分都按本机规则检查：${reasons}`,
    sandboxBwrap: '沙箱：bubblewrap',
    sandboxOff: '沙箱：已关闭（safety.sandbox = off），命令直接在本机运行，写入和未知程序都会询问',
    sandboxUnavailable: (why: string) => `沙箱不可用（${why}），命令直接在本机运行，写入和未知程序都会询问`,
    sandboxRequired: (why: string) => `safety.sandbox = bwrap，但 bubblewrap 无法运行：${why}`,
    modeOff: 'safety.mode = off：模型要求的命令不经检查、不在沙箱中运行',
    bwrapMissing: '找不到 bwrap（Debian 软件包 bubblewrap）',
    sandboxBwrapVersion: (version: string) => `沙箱：bubblewrap（${version}）`,
    slirpMissing: '找不到 slirp4netns（Debian 软件包 slirp4netns）',
    coreutilsMissing: '找不到 mktemp、mkfifo 或 rm（Debian 软件包 coreutils）',
    slirpFailed: (version: string, why: string) => `${version} 无法为沙箱提供网络：${why}`,
    networkIsolated: (version: string) =>
      `沙箱网络：独立网络命名空间，经 ${version} 出站，无法访问本机回环地址和本机服务`,
    networkOffConfig: '沙箱网络：关闭（safety.network = false），只有沙箱自己的回环地址',
    networkOffBecause: (why: string) =>
      `沙箱网络：关闭，尽管 safety.network = true：${why}。命令只有沙箱自己的回环地址；安装 slirp4netns（apt-get install slirp4netns）后重启即可联网`,
  },
  en: {
    reason: (key: ReasonKey, detail: string) => EN_REASONS[key](detail),
    allowed: 'read-only, or writes only the workspace inside the sandbox',
    off: 'safety.mode = off: commands are not checked',
    and: '; ',
    more: (n: number) => `and ${n} more`,
    wholeLineOnHost: (reasons: string) =>
      `the whole line runs outside the sandbox, on this machine (each part judged so): ${reasons}`,
    sandboxBwrap: 'sandbox: bubblewrap',
    sandboxOff:
      'sandbox: off (safety.sandbox = off); commands run directly on this machine, and writes and unknown programs are asked',
    sandboxUnavailable: (why: string) =>
      `sandbox unavailable (${why}); commands run directly on this machine, and writes and unknown programs are asked`,
    sandboxRequired: (why: string) => `safety.sandbox = bwrap, but bubblewrap cannot run: ${why}`,
    modeOff: 'safety.mode = off: the commands the model asks for run unchecked and unsandboxed',
    bwrapMissing: 'bwrap not found (Debian package bubblewrap)',
    sandboxBwrapVersion: (version: string) => `sandbox: bubblewrap (${version})`,
    slirpMissing: 'slirp4netns not found (Debian package slirp4netns)',
    coreutilsMissing: 'mktemp, mkfifo or rm not found (Debian package coreutils)',
    slirpFailed: (version: string, why: string) => `${version} could not serve the sandbox's network: ${why}`,
    networkIsolated: (version: string) =>
      `sandbox network: own network namespace, outbound through ${version}, no access to this machine's loopback or its services`,
    networkOffConfig: "sandbox network: off (safety.network = false), only the sandbox's own loopback",
    networkOffBecause: (why: string) =>
      `sandbox network: off although safety.network = true: ${why}. Commands have only the sandbox's own loopback; install slirp4netns (apt-get install slirp4netns) and restart to give them the network`,
  },
});

/** The text of a refused tool call (refusal.ts), in zh and en. */
export const refusalMessages = defineMessages({
  zh: {
    commandNotRun: (command: string) => `命令未执行：${command}`,
    notDone: (what: string) => `未执行：${what}`,
    text: (headline: string, reason: string, how: string) =>
      `${headline}\n原因：${reason}\n${how}\n不要再次尝试同样的操作（换个写法也一样会被拒绝）；改用不需要这一步的做法，或请用户自己来做。`,
    denied: '策略禁止这一操作。',
    policy: 'safety.mode 为 deny：需要批准的操作一律拒绝（safety.mode = deny 从不询问）。',
    unattended: '现在没有人可以批准（没有已连接的客户端，或者这是定时任务），已按拒绝处理。',
    timedOut: '在 safety.approval_timeout_s 内无人回答，已按拒绝处理。',
    aborted: '本轮已被取消。',
    byPerson: (by: string) => `用户拒绝了（${by}）。`,
  },
  en: {
    commandNotRun: (command) => `The command was not run: ${command}`,
    notDone: (what) => `Not done: ${what}`,
    text: (headline, reason, how) =>
      `${headline}\nWhy: ${reason}\n${how}\nDo not try the same thing again (a rewording is refused the same way); do it a way that does not need this step, or ask the user to do it.`,
    denied: 'The policy forbids this.',
    policy:
      'safety.mode is deny: everything that needs approval is refused (safety.mode = deny never asks a person).',
    unattended:
      'Nobody can approve right now (no connected client, or this is a scheduled task). Nobody can be asked, so it was refused.',
    timedOut: 'Nobody answered within safety.approval_timeout_s, so it was refused.',
    aborted: 'The turn was cancelled.',
    byPerson: (by) => `The user denied it (${by}).`,
  },
});

/** What the file tools say when a path is refused or needs a person's yes (zh and en). */
export const fileAccessMessages = defineMessages({
  zh: {
    what: (tool: string, path: string) => `${tool} ${path}`,
    secret: (path: string) =>
      `拒绝访问 ${path}：这是受保护的文件（Aibox 的配置、数据库、日志或凭据目录，如 ~/.ssh），任何规则或批准都不能放行`,
    outsideRoots: (path: string) => `${path} 在工作区、技能目录和 safety.file_roots 之外`,
    aiboxPlace: (path: string) =>
      `${path} 在 Aibox 自己的目录里（数据目录、技能、提示词或配置）；写入技能目录的文件算作模型写的，运行前还会再问`,
    ruleDenied: 'safety.rules 中的规则禁止了它',
  },
  en: {
    what: (tool, path) => `${tool} ${path}`,
    secret: (path) =>
      `Refused ${path}: it is protected (Aibox's config, database, log, or a credentials directory such as ~/.ssh); no rule or approval can allow it`,
    outsideRoots: (path) => `${path} is outside the workspace, the skills dir and safety.file_roots`,
    aiboxPlace: (path) =>
      `${path} is in Aibox's own places (the data dir, skills, prompts or config); a file written into the skills dir counts as the model's and is asked again before it runs`,
    ruleDenied: 'A rule in safety.rules forbids it',
  },
});
