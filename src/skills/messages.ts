import { defineMessages } from '../i18n/lang.js';
import { inCheckout } from '../util/checkout-command.js';

/** Reasons and fixes the skill engine reports (diagnostics, broken skills, install errors). */
export const skillMessages = defineMessages({
  zh: {
    hidden: '以 "." 或 "_" 开头，按约定忽略',
    hasExtension: (file: string, name: string) =>
      `文件名带扩展名；请用 \`aibox skills install ${file}\`（在源码目录用 npm start 运行的为 \`${inCheckout(`skills install ${file}`)}\`）安装（会去掉扩展名），或改名为 ${name} 并 chmod +x`,
    noRunBit: (path: string) => `没有可执行权限；修复: chmod +x ${path}`,
    badName: (file: string) => `文件名 "${file}" 含字母、数字、_ 和 - 以外的字符，或以 - 开头；请改名`,
    directory: '是目录；技能必须是单个文件（不扫描子目录）',
    notRegular: '不是普通文件',
    skillFileTooLarge: (max: number) =>
      `文件超过 ${Math.round(max / 1024)} KiB，未读取；技能正文会进入模型上下文，请精简（Agent Skill 可把细节放进 references/）`,
    changedWhileRead: '读取时文件仍在变化；写完后用 reload_skills 重新加载',
    brokenSymlink: (target: string) => `符号链接指向不存在的 ${target}；请修复或删除该链接`,
    collision: (name: string) => `与可执行技能 ${name} 重名，可执行技能优先，此文件未加载；请改名其中一个`,
    duplicateMarkdown: (other: string) => `与 ${other} 重名（扩展名大小写不同），未加载；请删除其中一个`,
    agentNoFrontMatter: 'SKILL.md 缺少 YAML front matter（文件开头的 --- 块，含 name 和 description）',
    agentUnclosedFrontMatter: 'SKILL.md 的 front matter 没有结束的 --- 行',
    agentNoName: 'front matter 缺少 name',
    agentNameTooLong: (length: number, max: number) => `name 长 ${length} 个字符，上限 ${max}`,
    agentNameChars: (name: string) =>
      `name "${name}" 只能含小写字母、数字和单个连字符（不能以连字符开头或结尾）`,
    agentNameNotFolder: (name: string, folder: string) =>
      `name "${name}" 与文件夹名 "${folder}" 不同；请让二者一致`,
    agentNoDescription: 'front matter 缺少 description（搜索靠它找到技能）',
    agentDescriptionTooLong: (length: number, max: number) => `description 长 ${length} 个字符，上限 ${max}`,
    agentBroken: (errors: string) => `Agent Skill 无效: ${errors}`,
    agentFiles: (folder: string) => `文件夹 ${folder} 中的文件（脚本请按路径运行）:`,
    archiveInvalid: (reason: string) => `技能压缩包或文件夹不可安装: ${reason}`,
    sourceNotSkillFolder: (path: string) =>
      `${path} 是目录但没有 SKILL.md；只能安装单个文件、Agent Skill 文件夹（含 SKILL.md）或其 .zip/.tar.gz`,
    archiveNoSkill: '压缩包顶层（或其唯一的顶层文件夹）中没有 SKILL.md',
    folderWithoutSkill:
      '是目录但没有 SKILL.md；Agent Skill 文件夹需要 SKILL.md（单文件技能直接放在技能目录下）',
    mdEmpty: 'Markdown 文件为空；请在第一行写一句话摘要',
    mdInvalidUtf8: '不是有效的 UTF-8 文本；请以 UTF-8 保存',
    readFailed: (message: string) => `无法读取: ${message}`,
    probeTimeout: (seconds: number) =>
      `--help 在 ${seconds} 秒内未结束，已终止；--help 应立即打印说明并退出（不要等待输入或网络）`,
    probeNoOutput: (exit: string) => `--help 没有任何输出（${exit}）；--help 第一行应是一句话功能摘要`,
    probeBadInterpreter: (interpreter: string) =>
      `解释器 ${interpreter} 不存在（见 #! 行）；请安装它或修改 #! 行，例如 #!/usr/bin/env python3`,
    probeNoExec:
      '不是可执行格式（缺少 #! 行或是其他平台的程序）；脚本请在第一行加 #!/usr/bin/env python3 或 #!/bin/bash',
    probeAccess: (message: string) => `无权限执行: ${message}；检查 chmod +x 以及 #! 行指定的解释器`,
    probeSpawnFailed: (code: string, message: string) => `无法运行 (${code}): ${message}`,
    probeInvalidUtf8: '--help 输出不是有效的 UTF-8；请以 UTF-8 输出',
    probeHeld:
      '未检查：这里没有沙箱，而这个技能由模型创建、安装或修改过，它的 --help 要等人同意才会在本机运行；请运行 `aibox skills check`，或在模型运行它时同意',
    probeSandboxFailed: (message: string) => `沙箱无法运行 --help: ${message}`,
    probeCommandNotFound: (said: string) =>
      `--help 以退出码 127 结束：它要运行的某个命令不存在（例如包装脚本里 exec 的程序；#! 的解释器是存在的）${said ? `，输出: ${said}` : ''}；请检查脚本中调用的命令`,
    exitCode: (code: number) => `退出码 ${code}`,
    exitSignal: (signal: string) => `被信号 ${signal} 终止`,
    noSummary:
      '缺少一句话摘要（摘要取自 usage 行，是后备）: --help 中没有功能描述；请设置 argparse 的 description，或让 --help 第一行输出一句话摘要',
    summaryFromManual:
      '--help 中没有一句话摘要，摘要取自系统手册（man 页的 NAME 行，是后备）；要给它自己的摘要，请让 --help 第一行输出一句话描述，或用一个先打印摘要的包装脚本安装它',
    shadowedByCommand: (command: string) =>
      `与系统命令 ${command} 同名：按名字运行时执行的是系统命令，不是这个技能；请改名`,
    sourceMissing: (path: string) => `源文件不存在: ${path}`,
    sourceNotFile: (path: string) => `源路径不是普通文件: ${path}`,
    sourceInDir: (path: string) => `源文件已在技能目录中: ${path}；请从技能目录外的文件安装`,
    installBadName: (name: string) =>
      `安装后的技能名 "${name}" 不合法：只能含字母、数字、_ 和 -，且不能以 _ 或 - 开头；请重命名源文件`,
    exists: (name: string) => `技能 ${name} 已存在；如需替换请使用 --force`,
    nameIsCommand: (name: string, command: string) =>
      `技能名 "${name}" 与系统命令 ${command} 同名；按名字运行时会执行系统命令（或让技能冒充它）；请换一个名字`,
    probeFailed: (reason: string) => `安装前检查失败，技能目录未改动: ${reason}`,
    probeRefused: (name: string) =>
      `没有沙箱可运行 ${name} 的 --help，在本机运行它需要人同意，而没有得到同意；技能目录未改动`,
    notFound: (name: string) => `没有名为 ${name} 的技能`,
  },
  en: {
    hidden: 'name starts with "." or "_": ignored by convention',
    hasExtension: (file: string, name: string) =>
      `name has an extension; install it with \`aibox skills install ${file}\` (\`${inCheckout(`skills install ${file}`)}\` in a checkout run with npm start), which strips it, or rename it to ${name} and chmod +x`,
    noRunBit: (path: string) => `not executable (no run bit); fix: chmod +x ${path}`,
    badName: (file: string) =>
      `name "${file}" has characters other than letters, digits, _ and -, or starts with -; rename it`,
    directory: 'is a directory; a skill is a single file (sub-directories are not scanned)',
    notRegular: 'not a regular file',
    skillFileTooLarge: (max: number) =>
      `larger than ${Math.round(max / 1024)} KiB, not read; a skill's text goes into the model's context: shorten it (an Agent Skill can move details to references/)`,
    changedWhileRead: 'the file was still changing while it was read; reload the skills once it is written',
    brokenSymlink: (target: string) => `broken symlink to ${target}; fix or remove the link`,
    collision: (name: string) =>
      `collides with the executable skill ${name}, which wins; this file is not loaded; rename one of them`,
    duplicateMarkdown: (other: string) =>
      `collides with ${other} (extension case differs); not loaded; remove one of them`,
    agentNoFrontMatter:
      'SKILL.md has no YAML front matter (a --- block at the top with name and description)',
    agentUnclosedFrontMatter: 'the front matter of SKILL.md has no closing --- line',
    agentNoName: 'the front matter has no name',
    agentNameTooLong: (length: number, max: number) =>
      `name is ${length} characters long, at most ${max} allowed`,
    agentNameChars: (name: string) =>
      `name "${name}" may only hold lowercase letters, digits and single hyphens (not first or last)`,
    agentNameNotFolder: (name: string, folder: string) =>
      `name "${name}" differs from the folder name "${folder}"; make them equal`,
    agentNoDescription: 'the front matter has no description (search finds the skill by it)',
    agentDescriptionTooLong: (length: number, max: number) =>
      `description is ${length} characters long, at most ${max} allowed`,
    agentBroken: (errors: string) => `invalid Agent Skill: ${errors}`,
    agentFiles: (folder: string) => `Files of ${folder} (run scripts by path):`,
    archiveInvalid: (reason: string) => `the skill archive or folder cannot be installed: ${reason}`,
    sourceNotSkillFolder: (path: string) =>
      `${path} is a directory without SKILL.md; install a single file, an Agent Skill folder (with SKILL.md) or a .zip/.tar.gz of one`,
    archiveNoSkill: 'the archive has no SKILL.md at its top, nor in its one top-level folder',
    folderWithoutSkill:
      'is a directory without SKILL.md; an Agent Skill folder needs one (single-file skills sit directly in the skills dir)',
    mdEmpty: 'empty Markdown file; write a one-line summary on the first line',
    mdInvalidUtf8: 'not valid UTF-8 text; save it as UTF-8',
    readFailed: (message: string) => `cannot be read: ${message}`,
    probeTimeout: (seconds: number) =>
      `--help did not finish within ${seconds} s and was killed; --help must print its text and exit at once (no input, no network)`,
    probeNoOutput: (exit: string) =>
      `--help printed nothing (${exit}); its first line must be a one-line summary`,
    probeBadInterpreter: (interpreter: string) =>
      `interpreter ${interpreter} not found (see the #! line); install it or fix the #! line, e.g. #!/usr/bin/env python3`,
    probeNoExec:
      'not an executable format (no #! line, or a program for another machine); start scripts with #!/usr/bin/env python3 or #!/bin/bash',
    probeAccess: (message: string) =>
      `permission denied: ${message}; check chmod +x and the interpreter of the #! line`,
    probeSpawnFailed: (code: string, message: string) => `cannot run (${code}): ${message}`,
    probeInvalidUtf8: '--help output is not valid UTF-8; print UTF-8',
    probeHeld:
      'not checked: there is no sandbox here and the model made, installed or changed this skill, so its --help runs on this machine only after a person says yes; run `aibox skills check`, or say yes when the model runs it',
    probeSandboxFailed: (message: string) => `the sandbox could not run --help: ${message}`,
    probeCommandNotFound: (said: string) =>
      `--help exited with status 127: a command it runs was not found (e.g. what a wrapper script execs; the #! interpreter exists)${said ? `, it said: ${said}` : ''}; check the commands the script calls`,
    exitCode: (code: number) => `exit code ${code}`,
    exitSignal: (signal: string) => `killed by ${signal}`,
    noSummary:
      'no one-line summary (the summary is the usage line, a fallback): --help has no description; set argparse description=, or make the first line of --help a one-line summary',
    summaryFromManual:
      'no one-line summary in --help; the summary comes from the system manual (the NAME line of its man page, a fallback); to give it its own, make the first line of --help a one-line description, or install a wrapper script that prints one',
    shadowedByCommand: (command: string) =>
      `same name as the system command ${command}: run by name, the system command runs, not this skill; rename it`,
    sourceMissing: (path: string) => `source file not found: ${path}`,
    sourceNotFile: (path: string) => `source is not a regular file: ${path}`,
    sourceInDir: (path: string) =>
      `source is already inside the skills dir: ${path}; install from a file outside it`,
    installBadName: (name: string) =>
      `the resulting skill name "${name}" is invalid: only letters, digits, _ and -, not starting with _ or -; rename the source file`,
    exists: (name: string) => `skill ${name} already exists; use --force to replace it`,
    nameIsCommand: (name: string, command: string) =>
      `the skill name "${name}" is also the system command ${command}; by name the system command runs (or the skill would stand in for it); choose another name`,
    probeFailed: (reason: string) => `pre-install check failed; the skills dir is unchanged: ${reason}`,
    probeRefused: (name: string) =>
      `no sandbox can run the --help of ${name}, running it on this machine needs a person's yes, and none was given; the skills dir is unchanged`,
    notFound: (name: string) => `no skill named ${name}`,
  },
});

export type SkillMessages = ReturnType<typeof skillMessages>;

/** What the `search_skills` tool tells the model. */
export const searchResultMessages = defineMessages({
  zh: {
    headerAll: (total: number, shown: number) =>
      shown < total ? `共有 ${total} 个技能（显示前 ${shown} 个）：` : `共有 ${total} 个技能：`,
    headerFound: (keyword: string, total: number, shown: number) =>
      shown < total
        ? `搜索“${keyword}”找到 ${total} 个技能（显示前 ${shown} 个，按相关度排序）：`
        : `搜索“${keyword}”找到 ${total} 个技能（按相关度排序）：`,
    noSkills: '技能目录下暂无技能。',
    notFound: (keyword: string, chinese: boolean) =>
      `没有找到与“${keyword}”相关的技能。请用${chinese ? '英文' : '中文'}关键词再搜一次（技能的说明可能是另一种语言），或换个关键词，或传入空字符串列出全部技能。`,
    agentSkill: 'Agent Skill',
    useAgent: (name: string) =>
      `用法: 调用 read_skill（name="${name}"）读取它的说明和文件列表，再按说明行事；其中的脚本按路径用 run_command 运行`,
    executable: '可执行',
    markdown: 'Markdown',
    useExecutable: (name: string) =>
      `用法: 用 run_command 执行 \`${name} 参数…\`；先执行 \`${name} --help\` 查看完整参数`,
    useMarkdown: '用法: 阅读下面的正文并按其中的指引行事（不需要执行）',
    useAgentServed: (name: string) =>
      `用法: 调用 show_skill（name="${name}"）读取它的说明，再按说明行事；它的脚本不能从这里运行`,
    useExecutableServed: (name: string) =>
      `用法: 调用 run_skill（name="${name}"，args=[参数…]）；show_skill 给出它完整的 --help`,
    path: (path: string) => `路径: ${path}`,
    match: (snippet: string) => `匹配: ${snippet}`,
    broken: (error: string) => `⚠ 不可用: ${error}`,
    fullHelp: (name: string) => `===== ${name} --help 的完整输出 =====`,
    fullMarkdown: (name: string) => `===== ${name} 的完整正文 =====`,
    truncated: (path: string) => `…（内容过长已截断；完整内容见 ${path}）`,
    moreContent: '其余技能的完整内容未展开：可执行技能用 `名称 --help` 查看，Markdown 技能可再次搜索其名称。',
  },
  en: {
    headerAll: (total: number, shown: number) =>
      shown < total ? `${total} skills (showing the first ${shown}):` : `${total} skills:`,
    headerFound: (keyword: string, total: number, shown: number) =>
      shown < total
        ? `Search "${keyword}" found ${total} skills (showing the best ${shown}, most relevant first):`
        : `Search "${keyword}" found ${total} skills (most relevant first):`,
    noSkills: 'There are no skills in the skills directory.',
    notFound: (keyword: string, chinese: boolean) =>
      `No skill matches "${keyword}". Search again in ${chinese ? 'English' : 'Chinese'} (a skill may be described in the other language), try another keyword, or an empty string to list every skill.`,
    agentSkill: 'Agent Skill',
    useAgent: (name: string) =>
      `How to use: call read_skill (name="${name}") for its instructions and its files, then follow them; run its scripts by path with run_command`,
    executable: 'executable',
    markdown: 'Markdown',
    useExecutable: (name: string) =>
      `How to use: run_command \`${name} ARGS…\`; run \`${name} --help\` first for every option`,
    useMarkdown: 'How to use: read the body below and follow it (nothing to run)',
    useAgentServed: (name: string) =>
      `How to use: call show_skill (name="${name}") for its instructions, then follow them; its scripts cannot be run from here`,
    useExecutableServed: (name: string) =>
      `How to use: call run_skill (name="${name}", args=[ARGS…]); show_skill gives its full --help`,
    path: (path: string) => `Path: ${path}`,
    match: (snippet: string) => `Match: ${snippet}`,
    broken: (error: string) => `⚠ Unavailable: ${error}`,
    fullHelp: (name: string) => `===== full output of ${name} --help =====`,
    fullMarkdown: (name: string) => `===== full body of ${name} =====`,
    truncated: (path: string) => `… (too long, cut here; the whole text is in ${path})`,
    moreContent:
      'Full content of the other skills is not shown: run `NAME --help` for executables; search a Markdown skill by its name.',
  },
});

const mib = (bytes: number) => `${Number((bytes / (1024 * 1024)).toFixed(2))} MiB`;

/** Why a skill archive or folder from outside was not unpacked (archive-limits.ts); `entry` is already escaped. */
export const archiveProblemMessages = defineMessages({
  zh: {
    at: (entry: string) => `（条目 ${entry}）`,
    archiveBytes: (max: number) => `压缩包大于上限 ${mib(max)}`,
    entries: (max: number) => `条目超过上限 ${max} 个`,
    entryBytes: (max: number) => `单个文件解压后超过上限 ${mib(max)}`,
    totalBytes: (max: number) => `解压后总大小超过上限 ${mib(max)}`,
    ratio: (max: number) => `压缩比超过上限 ${max}:1（疑似压缩炸弹）`,
    depth: (max: number) => `路径的目录层数超过上限 ${max}`,
    nameBytes: (max: number) => `条目名长度超过上限 ${max} 字节`,
    sizeMismatch: (entry: string, declared: number) =>
      `条目 ${entry} 解压后的大小与其声明的 ${declared} 字节不符（疑似压缩炸弹），已在超出处停止`,
    absolute: (entry: string) => `条目 ${entry} 是绝对路径`,
    parent: (entry: string) => `条目 ${entry} 含 ..，会写到技能文件夹之外`,
    backslash: (entry: string) => `条目名 ${entry} 含反斜杠`,
    nameControl: (entry: string) =>
      `条目名 ${entry} 含控制字符（ESC、换行等），会篡改终端或页面上显示的内容；已拒绝（不做清理），请改名后重新打包`,
    nameHidden: (entry: string) =>
      `条目名 ${entry} 含隐藏或改变文字方向的 Unicode 字符（如 U+202E），显示的名字会与真实名字不同；已拒绝（不做清理），请改名后重新打包`,
    nameNotUtf8: (entry: string) => `条目名 ${entry} 不是有效的 UTF-8；已拒绝，请改名后重新打包`,
    link: (entry: string) => `技能中不允许链接: ${entry}`,
    special: (entry: string) => `技能中不允许设备、管道等特殊文件: ${entry}`,
    duplicate: (entry: string) => `条目 ${entry} 出现了两次`,
    zip64: (entry: string) => `不支持 zip64 条目: ${entry}`,
    encrypted: (entry: string) => `不支持加密条目: ${entry}`,
    method: (entry: string, method: number) => `不支持的压缩方法 ${method}: ${entry}`,
    noEndRecord: '不是 zip 文件（没有中央目录结束记录）',
    directory: '压缩包目录已损坏',
    localHeader: (entry: string) => `条目 ${entry} 的头已损坏`,
    truncated: '压缩包被截断',
    gzip: (detail: string) => `不是可读的 gzip 文件: ${detail}`,
    inflate: (detail: string) => `无法解压: ${detail}`,
  },
  en: {
    at: (entry) => ` (at entry ${entry})`,
    archiveBytes: (max) => `the archive is larger than the limit of ${mib(max)}`,
    entries: (max) => `more entries than the limit of ${max}`,
    entryBytes: (max) => `one file unpacks to more than the limit of ${mib(max)}`,
    totalBytes: (max) => `the files unpack to more than the limit of ${mib(max)} in all`,
    ratio: (max) => `compressed more than the limit of ${max}:1 (a zip bomb?)`,
    depth: (max) => `a path more than ${max} folders deep`,
    nameBytes: (max) => `an entry name longer than the limit of ${max} bytes`,
    sizeMismatch: (entry, declared) =>
      `entry ${entry} does not unpack to the ${declared} bytes its header declares (a zip bomb?); stopped where it went past`,
    absolute: (entry) => `entry ${entry} is an absolute path`,
    parent: (entry) => `entry ${entry} contains .. and would land outside the skill's folder`,
    backslash: (entry) => `entry name ${entry} contains a backslash`,
    nameControl: (entry) =>
      `entry name ${entry} contains control characters (ESC, newline …) that would change what a terminal or the page shows; refused (not cleaned): rename it and pack again`,
    nameHidden: (entry) =>
      `entry name ${entry} contains hidden or direction-changing Unicode characters (such as U+202E), so the name shown would differ from the real one; refused (not cleaned): rename it and pack again`,
    nameNotUtf8: (entry) => `entry name ${entry} is not valid UTF-8; refused: rename it and pack again`,
    link: (entry) => `links are not allowed in a skill: ${entry}`,
    special: (entry) => `devices, pipes and other special files are not allowed in a skill: ${entry}`,
    duplicate: (entry) => `entry ${entry} appears twice`,
    zip64: (entry) => `zip64 entries are not supported: ${entry}`,
    encrypted: (entry) => `encrypted entries are not supported: ${entry}`,
    method: (entry, method) => `unsupported compression method ${method}: ${entry}`,
    noEndRecord: 'not a zip file (no end of central directory)',
    directory: 'the archive directory is damaged',
    localHeader: (entry) => `the header of entry ${entry} is damaged`,
    truncated: 'the archive is cut short',
    gzip: (detail) => `not a readable gzip file: ${detail}`,
    inflate: (detail) => `cannot inflate: ${detail}`,
  },
});

/** The install scan's findings (install-scan.ts), one title per rule, and how the install reports them. */
export const installScanMessages = defineMessages({
  zh: {
    pipe_to_shell: '从网络下载代码并直接交给 shell 或解释器执行',
    decoded_exec: '执行经 base64 或十六进制解码的代码',
    data_dir: '读写 Aibox 的数据目录（配置、令牌、记忆、提示词）',
    startup_files: '写入 shell 启动文件、定时任务或开机自启（登录或定时时会执行）',
    prompt_injection: '文中有试图操纵模型的指令（如“忽略之前的指令”或系统提示格式）',
    role_change: '文中要求模型改变角色或泄露系统提示',
    hidden_unicode: '含隐藏或改变文字方向的 Unicode 字符（看到的与模型读到的不同）',
    native_binary: 'Markdown 技能的文件夹中有可执行的二进制程序',
    scan_incomplete: '技能太大，没有全部检查',
    severity: (severity: string) => ({ high: '高', medium: '中', low: '低' })[severity] ?? severity,
    finding: (severity: string, where: string, title: string, excerpt: string) =>
      `[${severity}] ${where}: ${title}${excerpt ? `: ${excerpt}` : ''}`,
    header: (count: number) => `安装检查发现 ${count} 处问题:`,
    more: (count: number) => `……另有 ${count} 处`,
    reason: (list: string) => `安装检查发现高风险内容，需要你确认才能安装:\n${list}`,
    refused: (list: string, how: string) =>
      `安装检查发现高风险内容，未安装（技能目录未改变）:\n${list}\n${how}`,
    refusedModel: '需要有人确认；没有人同意',
    refusedCli: '看过以上内容并确定要安装时，加 --force 重新运行（或在终端中回答 y）',
    refusedApi: '看过以上内容并确定要安装时，带 confirm=1 重新上传',
    refusedDefault: '需要有人确认',
    prompt: '仍要安装吗？[y/N] ',
    scanFailed: (reason: string) => `安装检查没有完成，未安装: ${reason}`,
  },
  en: {
    pipe_to_shell: 'downloads code and pipes it straight into a shell or an interpreter',
    decoded_exec: 'runs code decoded from base64 or hex',
    data_dir: "reads or writes Aibox's data dir (config, token, memories, prompts)",
    startup_files:
      'writes shell start-up files, cron jobs or autostart entries (run at login or on a schedule)',
    prompt_injection:
      'holds text written to take over the model ("ignore previous instructions", system-prompt markup)',
    role_change: 'tells the model to change its role or reveal its system prompt',
    hidden_unicode:
      'holds hidden or direction-changing Unicode characters (what you see is not what the model reads)',
    native_binary: "a native program in a Markdown skill's folder",
    scan_incomplete: 'too large to check completely',
    severity: (severity) => severity,
    finding: (severity, where, title, excerpt) =>
      `[${severity}] ${where}: ${title}${excerpt ? `: ${excerpt}` : ''}`,
    header: (count) => `The install scan found ${count}:`,
    more: (count) => `… and ${count} more`,
    reason: (list) => `The install scan found high-risk content; installing needs your yes:\n${list}`,
    refused: (list, how) =>
      `The install scan found high-risk content; not installed (the skills dir is unchanged):\n${list}\n${how}`,
    refusedModel: 'A person must say yes; nobody did',
    refusedCli:
      'If you have read the above and want it anyway, run again with --force (or answer y on a terminal)',
    refusedApi: 'If you have read the above and want it anyway, upload again with confirm=1',
    refusedDefault: 'A person must say yes',
    prompt: 'Install it anyway? [y/N] ',
    scanFailed: (reason) => `The install scan did not finish; not installed: ${reason}`,
  },
});
