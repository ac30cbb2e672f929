import { defineMessages } from '../i18n/lang.js';

/** What the `search_skills` tool tells the model. */
export const formatMessages = defineMessages({
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
