import { defineMessages } from '../../i18n/lang.js';

/** Strings of run_command. */
export const runCommandMessages = defineMessages({
  zh: {
    description:
      '在 shell（/bin/sh -c）中执行命令，返回输出、返回码和耗时。扩展技能目录在 PATH 中（排在系统目录之后），可直接用技能名调用（先用 search_skills 查找，再用 "技能名 --help" 查看用法）。标准输入已关闭，不支持交互式命令。默认工作目录是工作区。',
    sandboxed:
      '命令在沙箱中运行：工作区可写；/tmp 和 $HOME 是每条命令私有的，开始时为空、结束后丢弃，本机的 /tmp 在沙箱里看不到；写入或删除工作区以外的本机路径（包括本机的 /tmp）需要用户批准，批准后在沙箱外执行。',
    command: '要执行的 shell 命令',
    timeout: (def: number, max: number) => `超时秒数（默认 ${def}，最大 ${max}；超时后整个进程组被终止）`,
    workDir: '工作目录（默认工作区；相对路径基于工作区）',
    env: '额外的环境变量（名称 → 字符串值）',
    ok: '命令执行完成',
    failed: (code: string) => `命令执行失败（返回码 ${code}）`,
    timedOut: (seconds: number) => `命令执行超时（${seconds} 秒），已终止整个进程组`,
    aborted: '命令已被中止，已终止整个进程组',
    notStarted: '无法启动命令',
    disabled: '命令执行已被禁用（配置 tools.commands_enabled = false）',
    badWorkDir: '工作目录无效',
    labelCommand: '命令',
    labelWorkDir: '工作目录',
    labelExitCode: '返回码',
    labelSignal: '信号',
    labelDuration: '耗时',
    labelOutput: '输出',
    labelFullOutput: '完整输出',
    labelNote: '说明',
    seconds: (s: string) => `${s} 秒`,
    timeoutClamped: (asked: number, used: number) =>
      `请求的超时 ${asked} 秒不可用（不存在无限超时），已使用 ${used} 秒`,
    outputDropped: (chars: number) => `输出过多，中间约 ${chars} 个字符未保留`,
    liveOutputStopped: '（输出过多，不再实时显示；命令仍在运行，结束后给出开头和结尾）',
    privateTmp: (paths: string) =>
      `这里的 /tmp 是沙箱私有的：命令开始时为空，结束后即丢弃。在其中的写入或删除（${paths}）没有发生在本机上，本机的 /tmp 也看不到；要保留的文件请放在工作区`,
  },
  en: {
    description:
      'Run a shell command (/bin/sh -c) and get its output, exit code and duration. The skills directory is on PATH (after the system directories), so skills run by bare name (find them with search_skills, then read "<skill> --help"). Stdin is closed: interactive commands are not supported. The default working directory is the workspace.',
    sandboxed:
      "Commands run in a sandbox: the workspace is writable; /tmp and $HOME are each command's own, empty at the start and discarded at the end, and this machine's /tmp is not visible there. Writing or deleting a path of this machine outside the workspace (its /tmp included) needs the user's approval and then runs outside the sandbox.",
    command: 'The shell command to run',
    timeout: (def, max) =>
      `Timeout in seconds (default ${def}, at most ${max}); on timeout the whole process group is killed`,
    workDir: 'Working directory (default: the workspace; relative paths are resolved against it)',
    env: 'Extra environment variables (name → string value)',
    ok: 'Command finished',
    failed: (code) => `Command failed (exit code ${code})`,
    timedOut: (seconds) => `Command timed out after ${seconds} s; its whole process group was killed`,
    aborted: 'Command aborted; its whole process group was killed',
    notStarted: 'The command could not be started',
    disabled: 'Running commands is disabled (config tools.commands_enabled = false)',
    badWorkDir: 'Invalid working directory',
    labelCommand: 'command',
    labelWorkDir: 'working dir',
    labelExitCode: 'exit code',
    labelSignal: 'signal',
    labelDuration: 'duration',
    labelOutput: 'output',
    labelFullOutput: 'full output',
    labelNote: 'note',
    seconds: (s) => `${s} s`,
    timeoutClamped: (asked, used) =>
      `The requested timeout of ${asked} s is not possible (there is no unlimited timeout); used ${used} s`,
    outputDropped: (chars) => `Too much output: about ${chars} chars in the middle were not kept`,
    liveOutputStopped:
      '(Too much output: live display stopped; the command keeps running and its head and tail follow at the end)',
    privateTmp: (paths) =>
      `/tmp here is the sandbox's own: empty when the command started and discarded when it ended. What was written or deleted there (${paths}) did not happen on this machine, and this machine's /tmp is not visible there; put files to keep in the workspace`,
  },
});

/** Strings of a task's pre-check (pre-check.ts): for people, and in the run record. */
export const preCheckMessages = defineMessages({
  zh: {
    askReason: '定时任务的预检命令，每次运行前都会执行：',
    timedOut: (seconds: number) => `预检命令超时（${seconds} 秒），已终止`,
    signal: (signal: string) => `预检命令被信号 ${signal} 终止`,
    disabled: '命令执行已被禁用（tools.commands_enabled = false），预检命令不会运行',
  },
  en: {
    askReason: "A scheduled task's pre-check, run before every run:",
    timedOut: (seconds: number) => `the pre-check timed out (${seconds} s) and was stopped`,
    signal: (signal: string) => `the pre-check was ended by signal ${signal}`,
    disabled: 'commands are disabled (tools.commands_enabled = false): pre-checks do not run',
  },
});
