import { defineMessages } from '../i18n/lang.js';

/** Descriptions and results of the tools Aibox offers as an MCP server. */
export const mcpServerMessages = defineMessages({
  zh: {
    searchSkills:
      '搜索 Aibox 的技能（按相关度排序，支持中文）。keyword 为空时列出全部。可执行技能用 run_skill 运行，show_skill 阅读任何技能的完整说明。',
    showSkill: '显示一个技能的完整说明（可执行技能的 --help 输出，或 Markdown 技能的正文）',
    skillName: '技能名（search_skills 给出的名字）',
    runSkill: '以参数运行一个可执行技能（与 run_command 相同的安全决定与沙箱；输出有长度限制）',
    skillArgs: '传给技能的参数，每项一个（会被安全地加引号，不经过 shell 解释）',
    timeout: '超时秒数（默认为配置的 tools.command_timeout_s）',
    memorySearch: '搜索长期记忆（中文词语、多个关键词均可）',
    query: '关键词',
    limit: '最多返回条数（1-50）',
    memorySave: '保存一条长期记忆',
    summary: '一句话摘要',
    content: '完整内容（可选）',
    topic: '主题（可选）',
    keywords: '关键词（可选）',
    importance: '重要度 1-5（默认 3）',
    tasks: '定时任务：添加、列出、查看、完成、删除、搜索、统计（与 Aibox 自己的 memo 工具相同）',
    ask: '向 Aibox 提一个问题：执行一整轮对话（可调用工具），返回最终回答',
    message: '要说的话',
    session: '会话名（默认 mcp）',
    noSkill: (name: string) => `没有名为「${name}」的技能（用 search_skills 查找）`,
    notExecutable: (name: string) => `技能「${name}」是 Markdown 说明，不能运行；用 show_skill 阅读`,
    brokenSkill: (name: string, why: string) => `技能「${name}」不可用：${why}`,
    unknownTool: (name: string) => `没有工具「${name}」`,
    invalidArgs: (name: string, detail: string) => `${name} 的参数无效：\n${detail}`,
    turnFailed: (detail: string) => `这一轮失败：${detail}`,
    title: (tool: string): string =>
      (
        ({
          search_skills: '搜索技能',
          show_skill: '查看技能',
          run_skill: '运行技能',
          memory_search: '搜索记忆',
          memory_save: '保存记忆',
          tasks: '定时任务',
          ask: '问 Aibox',
        }) as Record<string, string>
      )[tool] ?? '',
    promptRequest: '要用这个技能完成的事（可选）',
    promptTask: (request: string) => `请按上面的说明完成：${request}`,
    noPrompt: (name: string) => `没有名为「${name}」的提示（提示是 Markdown 技能）`,
    tooLong: (name: string, max: number) => `${name} 太长（最多 ${max} 个字符）`,
    badCursor: (cursor: string) => `无效的分页游标「${cursor}」`,
    tooManySubscriptions: (max: number, chars: number) =>
      `订阅被拒绝：最多 ${max} 个资源，每个 URI 至多 ${chars} 个字符`,
    sessionNotFound: '没有这个 MCP 会话（已结束或已过期）：请重新初始化（initialize）',
    sessionRequired: '缺少 Mcp-Session-Id 头：只能结束一个会话',
    tooManySessions: (max: number) =>
      `MCP 会话已满（mcp.serve_max_sessions = ${max}），每个都在使用中：请稍后再试`,
    memoriesResource: (n: number) => `最近的 ${n} 条长期记忆（JSON）`,
    tasksResource: '进行中的定时任务（JSON）',
    skillResource: '一个技能的完整说明（可执行技能的 --help，或 Markdown 正文）',
    memoryResource: '按编号读取一条长期记忆（JSON）',
    noResource: (uri: string) => `没有资源「${uri}」`,
    askTool: (name: string) => `正在使用工具 ${name}`,
    instructions:
      'Aibox：search_skills 查找技能，show_skill 阅读，run_skill 运行可执行技能；memory_search/memory_save 使用长期记忆；tasks 管理定时任务。Markdown 技能也是提示（prompts），技能、记忆和任务也可作为资源读取。',
    noModelKey: (why: string, home: string) =>
      `ask 现在不能用：Aibox 没有模型密钥（${why}）。在数据目录 ${home} 的 config.json 里设置 llm.api_key（该文件为 0600），或把该变量写进同一目录的 service.env（KEY=value，与 aibox service 相同），或在这个 MCP 客户端的配置里为 aibox 设置该环境变量。`,
    newDataDir: (home: string) =>
      `数据目录 ${home} 是刚刚新建的（默认设置，还没有你的技能、记忆和任务）。如果你的 Aibox 数据在别处，在这个 MCP 客户端的配置里为 aibox 设置环境变量 AIBOX_HOME。`,
  },
  en: {
    searchSkills:
      "Search Aibox's skills (ranked, Chinese-aware); an empty keyword lists them all. Run an executable skill with run_skill; read any skill in full with show_skill.",
    showSkill: "Show a skill's full description (an executable's --help output, or a Markdown skill's text)",
    skillName: 'Skill name (as search_skills gives it)',
    runSkill:
      'Run an executable skill with arguments (same safety decision and sandbox as run_command; output is size-limited)',
    skillArgs: 'Arguments for the skill, one per item (quoted safely, never interpreted by a shell)',
    timeout: 'Timeout in seconds (default: the configured tools.command_timeout_s)',
    memorySearch: 'Search long-term memory (Chinese words and several keywords work)',
    query: 'Keywords',
    limit: 'Most results to return (1-50)',
    memorySave: 'Save one long-term memory',
    summary: 'One-sentence summary',
    content: 'Full content (optional)',
    topic: 'Topic (optional)',
    keywords: 'Keywords (optional)',
    importance: 'Importance 1-5 (default 3)',
    tasks: "Scheduled tasks: add, list, get, complete, delete, search, stats (Aibox's own memo tool)",
    ask: 'Ask Aibox: runs one whole conversation turn (it may use its tools) and returns the final answer',
    message: 'What to say',
    session: 'Session name (default mcp)',
    noSkill: (name: string) => `There is no skill named "${name}" (find one with search_skills)`,
    notExecutable: (name: string) =>
      `Skill "${name}" is a Markdown description and cannot run; read it with show_skill`,
    brokenSkill: (name: string, why: string) => `Skill "${name}" is broken: ${why}`,
    unknownTool: (name: string) => `No tool "${name}"`,
    invalidArgs: (name: string, detail: string) => `Invalid arguments for ${name}:\n${detail}`,
    turnFailed: (detail: string) => `The turn failed: ${detail}`,
    title: (tool: string): string =>
      (
        ({
          search_skills: 'Search skills',
          show_skill: 'Show a skill',
          run_skill: 'Run a skill',
          memory_search: 'Search memory',
          memory_save: 'Save a memory',
          tasks: 'Scheduled tasks',
          ask: 'Ask Aibox',
        }) as Record<string, string>
      )[tool] ?? '',
    promptRequest: 'What to do with this skill (optional)',
    promptTask: (request: string) => `Following the instructions above, do this: ${request}`,
    noPrompt: (name: string) => `There is no prompt named "${name}" (prompts are the Markdown skills)`,
    tooLong: (name: string, max: number) => `${name} is too long (at most ${max} characters)`,
    badCursor: (cursor: string) => `Invalid page cursor "${cursor}"`,
    tooManySubscriptions: (max: number, chars: number) =>
      `Subscription refused: at most ${max} resources, each URI at most ${chars} characters`,
    sessionNotFound: 'No such MCP session (it ended or expired): initialize again',
    sessionRequired: 'The Mcp-Session-Id header is missing: only a session can be ended',
    tooManySessions: (max: number) =>
      `Too many MCP sessions (mcp.serve_max_sessions = ${max}), every one in use: try again later`,
    memoriesResource: (n: number) => `The ${n} newest long-term memories (JSON)`,
    tasksResource: 'The active scheduled tasks (JSON)',
    skillResource: "A skill's full description (an executable's --help, or a Markdown skill's text)",
    memoryResource: 'One long-term memory by its number (JSON)',
    noResource: (uri: string) => `There is no resource "${uri}"`,
    askTool: (name: string) => `Using the tool ${name}`,
    instructions:
      'Aibox: search_skills finds skills, show_skill reads one, run_skill runs an executable one; memory_search/memory_save use long-term memory; tasks manages scheduled tasks. The Markdown skills are also prompts, and skills, memories and tasks can be read as resources.',
    noModelKey: (why: string, home: string) =>
      `ask cannot work now: Aibox has no model key (${why}). Set llm.api_key in config.json in the data dir ${home} (the file is 0600), or put that variable in service.env there (KEY=value, as aibox service reads it), or set it for aibox in this MCP client's configuration.`,
    newDataDir: (home: string) =>
      `The data dir ${home} was just created (default settings, none of your skills, memories or tasks yet). If your Aibox keeps its data elsewhere, set the environment variable AIBOX_HOME for aibox in this MCP client's configuration.`,
  },
});
