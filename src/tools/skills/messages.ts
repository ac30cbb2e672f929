import { defineMessages } from '../../i18n/lang.js';

/** Strings of search_skills, reload_skills, install_skill and create_skill. */
export const skillToolMessages = defineMessages({
  zh: {
    searchDescription:
      '搜索扩展技能（按相关度排序，支持中文）。keyword 为空时列出全部技能。结果含技能摘要、用法，以及最相关技能的 --help 或正文。可执行技能用 run_command 按名称调用。',
    searchKeyword: '关键词（可为空字符串：列出全部技能）',
    searchShowContent: 'true：展开更多技能的完整 --help 输出或 Markdown 正文',
    searchLimit: '最多返回的技能数（默认 10）',
    readDescription:
      '读取一个技能的完整说明：可执行技能的 --help，Markdown 技能的正文，Agent Skill（文件夹技能）的 SKILL.md 正文及其 scripts/、references/ 中的文件路径。先用 search_skills 找到名称。',
    readName: '技能名称（search_skills 结果中的名称）',
    readNotFoundFix: '用 search_skills 查找正确的技能名称',
    reloadDescription: '重新扫描技能目录，加载新增或修改的技能，报告新增、删除、修改和不可用的技能。',
    reloadOk: (total: number) => `技能已重新加载（共 ${total} 个）`,
    labelAdded: '新增',
    labelRemoved: '删除',
    labelChanged: '修改',
    labelBroken: '不可用',
    labelDir: '技能目录',
    none: '无',
    installDescription:
      '把一个技能文件安装到技能目录（真实安装：校验名称、检查 --help、原子写入并重新加载）。可执行文件的扩展名会被去掉（my_tool.py → my_tool），Markdown 技能保留 .md。也可安装 Agent Skill：含 SKILL.md 的文件夹，或其 .zip / .tar.gz 压缩包。技能名不能与系统命令同名。',
    installPath: '技能源文件、Agent Skill 文件夹或其 .zip/.tar.gz 的路径（相对路径基于工作目录）',
    force: '同名技能已存在时是否覆盖（默认 false）',
    installOk: (name: string) => `技能 ${name} 已安装`,
    hostProbeReason:
      '这里没有沙箱：安装前要在本机运行模型写的这个技能的 --help（它的代码会以 Aibox 的权限运行）',
    installFailed: '技能安装失败',
    labelName: '名称',
    labelType: '类型',
    labelSummary: '摘要',
    labelPath: '路径',
    labelHelp: '帮助',
    labelError: '错误',
    labelFix: '如何修复',
    labelNote: '注意',
    labelWarning: '警告',
    labelScan: '安装检查',
    typeExecutable: '可执行',
    typeMarkdown: 'Markdown',
    useHint: (name: string) => `用 run_command 执行 "${name} --help" 查看完整用法，再按用法调用`,
    useMarkdownHint: (name: string) => `用 search_skills 搜索 "${name}" 可读到正文`,
    createDescription:
      '创建并安装一个新技能：给出名称、一句话摘要、语言（python、bash 或 markdown）和代码（完整程序或正文）。工具写入文件、安装到技能目录并执行 --help 检查，然后报告摘要；失败时报告需要修复的错误。可执行技能的 --help 第一行必须是摘要；代码中没有处理 --help 时会自动加入。',
    createName: '技能名称（仅字母、数字、_ 和 -）',
    createSummary: '一句话功能摘要（--help 的第一行）',
    createLanguage: 'python | bash | markdown',
    createCode: 'python/bash：完整程序（可省略 #! 行）；markdown：正文',
    createOk: (name: string) => `技能 ${name} 已创建并安装`,
    createFailed: '技能创建失败',
    badName: (name: string) => `技能名称 "${name}" 无效：只能包含字母、数字、下划线(_)和连字符(-)`,
    summaryDiffers: (probed: string) =>
      `--help 第一行是 "${probed}"，与给出的摘要不同；搜索时以 --help 第一行为准`,
    fixHint: '修改代码后再次调用 create_skill（若同名技能已存在，设置 force=true）',
  },
  en: {
    searchDescription:
      'Search the extension skills (ranked, Chinese-aware). An empty keyword lists every skill. Results give each skill’s summary, how to use it, and the --help output or text of the best matches. Run executable skills by name with run_command.',
    searchKeyword: 'Keyword (may be an empty string: list every skill)',
    searchShowContent: 'true: include the full --help output or Markdown text of more skills',
    searchLimit: 'At most this many skills (default 10)',
    readDescription:
      "Read one skill's full instructions: an executable's --help, a Markdown skill's body, an Agent Skill's (skill folder) SKILL.md body with the paths of its scripts/ and references/ files. Find the name with search_skills first.",
    readName: 'the skill name (as search_skills shows it)',
    readNotFoundFix: 'find the right skill name with search_skills',
    reloadDescription:
      'Rescan the skills directory, load new or changed skills, and report the skills added, removed, changed and broken.',
    reloadOk: (total) => `Skills reloaded (${total} in all)`,
    labelAdded: 'added',
    labelRemoved: 'removed',
    labelChanged: 'changed',
    labelBroken: 'broken',
    labelDir: 'skills dir',
    none: 'none',
    installDescription:
      'Install a skill file into the skills directory (a real install: name checked, --help probed, written atomically, skills reloaded). Executables lose their extension (my_tool.py → my_tool); Markdown skills keep .md. Also installs an Agent Skill: a folder with SKILL.md, or a .zip / .tar.gz of one. A skill may not be named like a system command.',
    installPath:
      'Path of the skill source file, Agent Skill folder, or .zip/.tar.gz of one (relative paths are resolved against the workspace)',
    force: 'Replace an existing skill of the same name (default false)',
    installOk: (name) => `Skill ${name} installed`,
    hostProbeReason:
      "there is no sandbox here: installing runs this model-written skill's --help on this machine (its code runs with Aibox's rights)",
    installFailed: 'Installing the skill failed',
    labelName: 'name',
    labelType: 'type',
    labelSummary: 'summary',
    labelPath: 'path',
    labelHelp: 'help',
    labelError: 'error',
    labelFix: 'how to fix',
    labelNote: 'note',
    labelWarning: 'warning',
    labelScan: 'install scan',
    typeExecutable: 'executable',
    typeMarkdown: 'Markdown',
    useHint: (name) => `Run "${name} --help" with run_command for the full usage, then call it accordingly`,
    useMarkdownHint: (name) => `search_skills with "${name}" shows its text`,
    createDescription:
      'Create and install a new skill: give a name, a one-line summary, a language (python, bash or markdown) and the code (a complete program, or the Markdown text). The tool writes the file, installs it into the skills directory, probes --help and reports the summary, or the error to fix. The first line of an executable’s --help must be the summary; a --help handler is added when the code has none.',
    createName: 'Skill name (letters, digits, _ and - only)',
    createSummary: 'One-line summary (the first line of --help)',
    createLanguage: 'python | bash | markdown',
    createCode: 'python/bash: the complete program (the #! line may be left out); markdown: the text',
    createOk: (name) => `Skill ${name} created and installed`,
    createFailed: 'Creating the skill failed',
    badName: (name) =>
      `Invalid skill name "${name}": only letters, digits, underscore (_) and hyphen (-) are allowed`,
    summaryDiffers: (probed) =>
      `The first line of --help is "${probed}", not the summary given; search uses the --help line`,
    fixHint: 'Fix the code and call create_skill again (with force=true if a skill of that name now exists)',
  },
});
