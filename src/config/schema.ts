import { z } from 'zod';
import { key, section } from './key-facts.js';

/**
 * The schema of `AIBOX_HOME/config.json`; user values are deep-merged over its defaults. Keys are
 * snake_case, as in the original Aibox's file. Each key says what it is with `key(schema, facts)`:
 * live or restart, secret, one line in zh and en (key-facts.ts); docs/configuration.md has a row
 * for each (test/config/config-doc.test.ts). A new key: add it here with its facts and its row.
 */
const PROVIDER_IDS = [
  'deepseek',
  'ark',
  'qwen',
  'moonshot',
  'zhipu',
  'openai',
  'openrouter',
  'ollama',
  'custom',
] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];
/** Providers of embeddings only (providers/embeddings/presets.ts), not of chat. */
const EMBEDDING_ONLY_PROVIDER_IDS = ['siliconflow'] as const;
export type EmbeddingOnlyProviderId = (typeof EMBEDDING_ONLY_PROVIDER_IDS)[number];

/**
 * How the config schema is parsed: without zod's JIT. A process parses its config once or twice, and
 * the JIT compiles a parser per object schema on its first parse (~20 ms for this schema, several
 * times what the parse itself costs); the section defaults below parse the same way.
 */
export const PARSE_ONCE = { jitless: true } as const;

/** `schema` with its own defaults as the value of a missing section (parsed as the config is). */
function withOwnDefaults<S extends z.ZodObject>(schema: S) {
  // An object schema's output is never undefined; zod's generic types cannot see that.
  return schema.default(() => schema.parse({}, PARSE_ONCE) as z.core.util.NoUndefined<z.output<S>>);
}

const seconds = (max: number) => z.number().positive().max(max);

const SkillsConfigSchema = z.strictObject({
  dir: key(z.string().default(''), {
    live: false,
    zh: '技能目录；留空为 AIBOX_HOME/skills',
    en: 'Skills directory; empty means AIBOX_HOME/skills',
  }),
  probe_timeout_s: key(seconds(120).default(10), {
    live: false,
    zh: '一次 --help 探测的时限（秒）',
    en: 'Time limit of one --help probe, in seconds',
  }),
  probe_concurrency: key(z.int().min(0).max(64).default(0), {
    live: false,
    zh: '同时进行的探测数；0 为核心数的两倍（至少 4）',
    en: 'Probes at once; 0 means twice the core count, at least 4',
  }),
  watch: key(z.boolean().default(true), {
    live: false,
    zh: '技能目录中的文件变化时自动重新加载',
    en: 'Reload by itself when files in the skills dir change',
  }),
  install_examples: key(z.boolean().default(true), {
    live: false,
    zh: '首次运行时在空技能目录中安装示例技能',
    en: 'Install the example skills into an empty skills dir on first run',
  }),
});

/** A model's price per million tokens (docs/usage-and-budgets.md). */
const ModelPriceSchema = z.strictObject({
  input: z.number().min(0).max(1_000_000),
  /** Prompt tokens read from the vendor's cache; the input price when absent. */
  cached_input: z.number().min(0).max(1_000_000).optional(),
  output: z.number().min(0).max(1_000_000),
  /** ISO 4217 code or any short name (`CNY`, `USD`); every price of one box should use one. */
  currency: z.string().trim().min(1).max(8),
});

export const LlmConfigSchema = z.strictObject({
  provider: key(z.enum(PROVIDER_IDS).default('deepseek'), {
    live: true,
    zh: '模型服务商（预设）',
    en: 'Model vendor (preset)',
  }),
  base_url: key(z.string().default(''), {
    live: true,
    zh: '接口地址；留空为预设的地址',
    en: "API base URL; empty means the preset's",
  }),
  model: key(z.string().default(''), {
    live: true,
    zh: '模型名；留空为预设的模型',
    en: "Model name; empty means the preset's",
  }),
  api_key_env: key(z.string().default(''), {
    live: true,
    zh: '存放密钥的环境变量名；留空为预设的（如 DEEPSEEK_API_KEY）',
    en: "Name of the environment variable holding the key; empty means the preset's (e.g. DEEPSEEK_API_KEY)",
  }),
  api_key: key(z.string().default(''), {
    live: true,
    secret: true,
    zh: '模型的密钥（本文件 0600）；留空读 api_key_env 所指的环境变量',
    en: 'The model key (this file is 0600); empty means the variable api_key_env names',
  }),
  temperature: key(z.number().min(0).max(2).default(0.7), {
    live: true,
    zh: '采样温度（0–2）',
    en: 'Sampling temperature (0–2)',
  }),
  max_tokens: key(z.int().positive().max(1_000_000).default(8192), {
    live: true,
    zh: '一次回答最多的 token 数',
    en: 'Most tokens of one answer',
  }),
  timeout_s: key(seconds(3600).default(120), {
    live: true,
    zh: '一次模型请求的总时限（秒），从首字节到末字节',
    en: 'Total time of one model request, first byte to last, in seconds',
  }),
  max_retries: key(z.int().min(0).max(10).default(3), {
    live: true,
    zh: '首个 token 之前遇到 429、5xx 或连接错误时的重试次数',
    en: 'Retries on 429 / 5xx / connection errors before the first token',
  }),
  thinking: key(z.enum(['auto', 'on', 'off']).default('auto'), {
    live: true,
    zh: '混合模型的思考开关（预设知道开关时）；auto 为服务商默认',
    en: "Thinking of hybrid models where the preset knows the switch; auto: the vendor's default",
  }),
  thinking_budget: key(z.int().min(0).max(1_000_000).default(0), {
    live: true,
    zh: '一次回答最多的思考 token 数；0 为服务商默认',
    en: "Most thinking tokens of one reply; 0: the vendor's default",
  }),
  prices: key(
    z.record(z.string().min(1), ModelPriceSchema).default(() => ({})),
    {
      live: true,
      zh: '各模型每百万 token 的价格（* 为任意模型），优先于预设的公开价格',
      en: "Price per million tokens by model name (*: any model), over the preset's list prices",
    },
  ),
  profile: key(z.enum(['auto', 'compact', 'default']).default('auto'), {
    live: true,
    zh: '每次请求带多少：compact（短提示、核心工具、其余按需）给小模型和本地模型；auto：ollama 和已知上下文不超过 32k 的模型用 compact',
    en: 'What each request carries: compact (short prompt, core tools, the rest on demand) for small and local models; auto: compact for ollama and a known window up to 32k',
  }),
  vision: key(z.union([z.boolean(), z.literal('auto')]).default('auto'), {
    live: true,
    zh: '模型能否看图；auto 按预设所知的模型名（docs/media.md）',
    en: 'Whether the model takes pictures; auto: what the preset knows of the model name (docs/media.md)',
  }),
  context_window: key(z.int().min(0).max(100_000_000).default(0), {
    live: true,
    zh: '模型的上下文窗口（token）；0 为未知。决定历史压缩的预算',
    en: "The model's context window in tokens; 0: not known. Sizes history compression",
  }),
});

const AgentConfigSchema = z.strictObject({
  max_rounds: key(z.int().min(1).max(200).default(20), {
    live: true,
    zh: '每轮对话最多的模型回合数（模型 → 工具 → 模型 …）',
    en: 'Model rounds per turn (model → tools → model …)',
  }),
  context_token_budget: key(z.int().min(1000).default(60_000), {
    live: true,
    zh: '历史达到这么多（估算）token 后压缩较早的对话',
    en: 'Estimated tokens of history before older turns are summarised',
  }),
  keep_recent_messages: key(z.int().min(2).default(12), {
    live: true,
    zh: '历史末尾压缩永不触及的消息数',
    en: 'Messages at the end of the history that compression never touches',
  }),
  max_reply_chars: key(z.int().min(1000).default(200_000), {
    live: true,
    zh: '一个回合中模型回复的最长字符数，超出即截断并结束',
    en: 'Longest model reply kept for one round; a longer one is cut there and the turn ends',
  }),
  max_tokens_per_turn: key(z.int().min(0).default(0), {
    live: true,
    zh: '一轮对话（所有模型回合）最多用的 token 数；0 为不限',
    en: 'Most tokens one turn may use (all its model rounds); 0: no limit',
  }),
  max_repeat_calls: key(z.int().min(2).max(100).default(3), {
    live: true,
    zh: '连续这么多次用相同参数调用同一工具即停止本轮（runaway）',
    en: 'The same tool call with the same arguments this many times in a row ends the turn (runaway)',
  }),
  max_stale_rounds: key(z.int().min(2).max(100).default(4), {
    live: true,
    zh: '连续这么多回合的工具结果都是本轮已有的，即停止本轮（runaway）',
    en: 'Rounds in a row whose tool results all repeat earlier ones end the turn (runaway)',
  }),
});

/** Spending caps (docs/usage-and-budgets.md); 0 means no cap. Costs are in the currency of `llm.prices`. */
const BudgetConfigSchema = z.strictObject({
  daily_tokens: key(z.int().min(0).default(0), {
    live: true,
    zh: '每天最多的 token 数；0 为不限',
    en: 'Tokens per day; 0: no cap',
  }),
  monthly_tokens: key(z.int().min(0).default(0), {
    live: true,
    zh: '每月最多的 token 数；0 为不限',
    en: 'Tokens per month; 0: no cap',
  }),
  daily_cost: key(z.number().min(0).default(0), {
    live: true,
    zh: '每天最多的费用（llm.prices 的币种）；0 为不限',
    en: 'Cost per day, in the currency of llm.prices; 0: no cap',
  }),
  monthly_cost: key(z.number().min(0).default(0), {
    live: true,
    zh: '每月最多的费用（llm.prices 的币种）；0 为不限',
    en: 'Cost per month, in the currency of llm.prices; 0: no cap',
  }),
});

export const ToolsConfigSchema = z.strictObject({
  max_result_chars: key(z.int().min(500).default(10_000), {
    live: true,
    zh: '模型看到的一个工具结果最多的字符数；更长的截为首尾并完整保存',
    en: 'What the model sees of one tool result at most; longer output is cut to head + tail and saved in full',
  }),
  result_files_max_age_days: key(z.number().positive().max(36_500).default(7), {
    live: true,
    zh: '保存的完整结果（tool_results/）超过这么多天即删除',
    en: 'Saved full results (tool_results/) older than this many days are removed',
  }),
  result_files_max_mb: key(z.number().positive().default(100), {
    live: true,
    zh: '其余保存的结果合计不超过这么多 MB，最旧的先删',
    en: 'Then the oldest saved results go until the rest fit in this many MB',
  }),
  command_timeout_s: key(seconds(86_400).default(30), {
    live: true,
    zh: 'run_command 的默认时限（秒）',
    en: 'Default time limit of run_command, in seconds',
  }),
  command_max_timeout_s: key(seconds(86_400).default(600), {
    live: true,
    zh: '模型可为 run_command 要求的最长时限（秒）',
    en: 'The longest time limit a model may ask of run_command, in seconds',
  }),
  commands_enabled: key(z.boolean().default(true), {
    live: true,
    zh: 'false 时真正禁用 run_command',
    en: 'false really disables run_command',
  }),
  workspace_dir: key(z.string().default(''), {
    live: false,
    zh: 'run_command 的工作目录和相对路径的基准；留空为 AIBOX_HOME/workspace',
    en: 'Working dir of run_command and base of relative paths; empty means AIBOX_HOME/workspace',
  }),
  read_file_max_bytes: key(
    z
      .int()
      .positive()
      .default(10 * 1024 * 1024),
    {
      live: true,
      zh: 'read_file 读取的最大文件',
      en: 'Largest file read_file reads',
    },
  ),
  calculator_timeout_s: key(seconds(600).default(5), {
    live: true,
    zh: '一次计算器求值的时限（秒，在工作线程中）',
    en: 'Time limit of one calculator evaluation (in a worker), in seconds',
  }),
  web_timeout_s: key(seconds(600).default(15), {
    live: true,
    zh: 'web 请求的时限（秒）',
    en: 'Time limit of a web request, in seconds',
  }),
  web_extract_timeout_s: key(seconds(600).default(10), {
    live: true,
    zh: '读取一个抓取页面的时限（秒，在工作线程中）',
    en: 'Time limit of reading one fetched page (in a worker), in seconds',
  }),
  web_max_bytes: key(
    z
      .int()
      .positive()
      .default(5 * 1024 * 1024),
    {
      live: true,
      zh: 'web 下载的最大正文',
      en: 'Largest body web downloads',
    },
  ),
  web_user_agent: key(
    z.string().default('Mozilla/5.0 (compatible; Aibox/0.1; +https://github.com/gopsc/aibox)'),
    {
      live: true,
      zh: 'web 的 User-Agent',
      en: 'User-Agent of web',
    },
  ),
});

const ServerConfigSchema = z.strictObject({
  host: key(z.string().min(1).default('127.0.0.1'), {
    live: false,
    zh: '监听地址（--host 优先）；非回环地址需要 server.token',
    en: 'Address to listen on (--host overrides); a non-loopback one requires server.token',
  }),
  port: key(z.int().min(0).max(65_535).default(8765), {
    live: false,
    zh: '端口（--port 优先）；0 为任一空闲端口',
    en: 'Port (--port overrides); 0 means any free port',
  }),
  token: key(z.string().default(''), {
    live: false,
    secret: true,
    zh: '客户端须出示的共享密钥；绑定非回环地址时必需',
    en: 'Shared secret clients must present; required for a non-loopback host',
  }),
  allowed_origins: key(z.array(z.string()).default([]), {
    live: true,
    zh: '除服务器自身外允许连接的浏览器来源',
    en: "Browser origins allowed to connect besides the server's own",
  }),
  max_frame_bytes: key(
    z
      .int()
      .min(1024)
      .default(1024 * 1024),
    {
      live: false,
      zh: '客户端帧的最大字节数',
      en: 'Largest client frame, in bytes',
    },
  ),
  max_buffered_bytes: key(
    z
      .int()
      .min(1024)
      .default(8 * 1024 * 1024),
    {
      live: true,
      zh: '客户端未发出的数据超过此值即断开（1013）',
      en: 'A client whose unsent data passes this is disconnected (1013)',
    },
  ),
  history_messages: key(z.int().min(0).max(1000).default(100), {
    live: true,
    zh: '连接时 history 帧中发送的消息数',
    en: 'Transcript messages sent in the history frame on connect',
  }),
  allowed_hosts: key(z.array(z.string()).default([]), {
    live: true,
    zh: '未设 token 时除回环名外接受的 Host（防 DNS 重绑定）',
    en: 'Host names served besides loopback ones when no token is set (DNS-rebinding guard)',
  }),
  max_sessions: key(z.int().min(1).max(100_000).default(200), {
    live: true,
    zh: '内存中同时保留的会话数；空闲的先被移出',
    en: 'Sessions held in memory at once; idle ones are evicted first',
  }),
  max_queued_turns: key(z.int().min(1).max(1000).default(20), {
    live: true,
    zh: '一个会话队列中最多等待的消息数',
    en: "Messages waiting in one session's queue at most",
  }),
  openai_api: key(z.boolean().default(false), {
    live: false,
    zh: '提供 OpenAI 兼容的 /v1 接口（总需 token）',
    en: 'Serve the OpenAI-compatible /v1 endpoints (always behind the token)',
  }),
  max_body_bytes: key(
    z
      .int()
      .min(1024)
      .default(4 * 1024 * 1024),
    {
      live: true,
      zh: 'HTTP 请求体的最大字节数',
      en: 'Largest HTTP request body, in bytes',
    },
  ),
  max_connections: key(z.int().min(8).max(100_000).default(512), {
    live: true,
    zh: '同时保持的 TCP 连接数（HTTP 与 WebSocket）',
    en: 'TCP connections held at once (HTTP and WebSocket)',
  }),
  max_connections_per_peer: key(z.int().min(2).max(100_000).default(128), {
    live: true,
    zh: '来自同一地址同时保持的 TCP 连接数',
    en: 'TCP connections held at once from one address',
  }),
  headers_timeout_s: key(z.int().min(1).max(600).default(10), {
    live: false,
    zh: '请求头须在这么多秒内到达',
    en: "A request's headers must arrive within this many seconds",
  }),
  request_timeout_s: key(z.int().min(1).max(3600).default(120), {
    live: false,
    zh: '整个请求须在这么多秒内到达',
    en: 'A whole request must arrive within this many seconds',
  }),
});

const SchedulerConfigSchema = z.strictObject({
  enabled: key(z.boolean().default(true), {
    live: false,
    zh: '运行定时任务',
    en: 'Run scheduled tasks',
  }),
  max_concurrent_runs: key(z.int().min(1).max(16).default(1), {
    live: false,
    zh: '同时运行的任务数（各在自己的会话中）',
    en: 'Task runs at once (each in its own session)',
  }),
  timezone: key(z.string().default(''), {
    live: false,
    zh: '定时任务的 IANA 时区；留空为系统时区',
    en: "IANA time zone for schedules; empty means the system's",
  }),
  min_interval_s: key(z.int().min(60).default(60), {
    live: false,
    zh: '一个任务两次运行之间的最短秒数（不低于 60）',
    en: 'Shortest time between two runs of a task, in seconds (at least 60)',
  }),
  max_tokens_per_run: key(z.int().min(0).default(0), {
    live: true,
    zh: '定时任务一次运行最多用的 token 数；0 为不限',
    en: 'Most tokens one run of a scheduled task may use; 0: no limit',
  }),
  pre_check_timeout_s: key(seconds(600).default(10), {
    live: true,
    zh: '定时任务预检命令（when）的时限（秒）；超时则本次跳过',
    en: "Time limit of a task's pre-check command (when), in seconds; past it the run is skipped",
  }),
});

/** A user's rule for the allow/ask/deny decision (see docs/safety.md). */
const SafetyRuleSchema = z
  .strictObject({
    decision: z.enum(['allow', 'ask', 'deny']),
    /**
     * A program's absolute path (what "Always" saves) or base name, or for MCP tools `server__tool`;
     * `*` matches any (src/safety/command/rules.ts).
     */
    command: z.string().min(1),
    /** Glob patterns for the arguments, matched in order; absent means any arguments. */
    args: z.array(z.string()).optional(),
    /** Which tool the rule is for. */
    tool: z.enum(['run_command', 'mcp', 'file']).default('run_command'),
    /**
     * MCP allow rules only: the sha256 of the tool's description and input schema this rule was
     * given for ("Always" saves it). A tool that describes itself differently is asked again.
     */
    hash: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .optional(),
  })
  .refine((rule) => rule.hash === undefined || (rule.tool === 'mcp' && rule.decision === 'allow'), {
    path: ['hash'],
    params: {
      expected: { zh: '仅用于 "tool": "mcp" 的 allow 规则', en: 'only on an allow rule with "tool": "mcp"' },
    },
  });
export type SafetyRule = z.infer<typeof SafetyRuleSchema>;

export const SafetyConfigSchema = z.strictObject({
  mode: key(z.enum(['ask', 'deny', 'off']).default('ask'), {
    live: true,
    zh: 'ask：有风险的调用等人确认；deny：拒绝；off：全部运行（启动时警告）',
    en: 'ask: risky calls wait for a person; deny: they are refused; off: everything runs (warned at start)',
  }),
  sandbox: key(z.enum(['auto', 'bwrap', 'off']).default('auto'), {
    live: false,
    zh: 'auto：可用时用 bubblewrap；bwrap：必须；off：从不',
    en: 'auto: bubblewrap when it works; bwrap: required; off: never',
  }),
  network: key(z.boolean().default(true), {
    live: false,
    zh: '沙箱中的命令能否联网',
    en: 'Whether sandboxed commands may use the network',
  }),
  rules: key(z.array(SafetyRuleSchema).default([]), {
    live: true,
    zh: '在内置规则之前查看的 allow/ask/deny 规则',
    en: 'Allow/ask/deny rules looked at before the built-in tables',
  }),
  file_roots: key(z.array(z.string()).default([]), {
    live: true,
    zh: '文件工具除工作区和技能目录外可用的目录',
    en: 'Directories the file tools may use besides the workspace and the skills dir',
  }),
  web_allow_hosts: key(z.array(z.string()).default([]), {
    live: true,
    zh: '即使解析到回环或内网地址，web 也可访问的主机',
    en: 'Hosts web may fetch even though they resolve to loopback or private addresses',
  }),
  approval_timeout_s: key(seconds(86_400).default(120), {
    live: true,
    zh: '无人回答的确认请求在这么多秒后被拒绝',
    en: 'Unanswered approval requests are denied after this many seconds',
  }),
});

const mcpServerCommon = {
  /** false keeps the entry but never connects. */
  enabled: z.boolean().default(true),
  /** Limit for connecting and for one tool call, in seconds. */
  timeout_s: seconds(3600).default(60),
  /** Whether the server may ask the box's model (`sampling/createMessage`): ask a person, allow, deny. */
  sampling: z.enum(['ask', 'allow', 'deny']).default('ask'),
};

/** An MCP server started as a child process speaking MCP on stdin/stdout (Claude Desktop's format). */
const McpStdioServerSchema = z.strictObject({
  command: z.string().min(1),
  args: z.array(z.string()).default([]),
  env: z.record(z.string(), z.string()).default({}),
  cwd: z.string().optional(),
  ...mcpServerCommon,
});

/** An https URL, or http on a loopback address (a local identity provider, tests). */
const httpsOrLoopback = z.url({ protocol: /^https?$/ }).refine(
  (value) => {
    const url = new URL(value);
    return url.protocol === 'https:' || ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  },
  {
    params: {
      expected: { zh: 'https 地址（http 仅限回环地址）', en: 'an https URL (http only on loopback)' },
    },
  },
);

/**
 * Cross-app access (SEP-990): the person's identity provider, where the box exchanges the person's
 * ID token for an ID-JAG (RFC 8693) that the MCP server's authorization server takes as a grant.
 */
const McpIdpSchema = z.strictObject({
  /** The identity provider's token endpoint. */
  token_endpoint: httpsOrLoopback,
  /** The box's client at the identity provider, and its secret when it has one. */
  client_id: z.string().min(1).max(500),
  client_secret: z.string().min(1).max(2000).optional(),
  /** A file holding the person's ID token from the identity provider (read at each exchange). */
  id_token_file: z.string().min(1).max(4096),
});

/** An MCP server reached over Streamable HTTP (SSE as fallback). */
const McpHttpServerSchema = z
  .strictObject({
    url: z.url({ protocol: /^https?$/ }),
    headers: z.record(z.string(), z.string()).default({}),
    /** Accepted for configs pasted from other clients; the transport is chosen by trying. */
    type: z.enum(['http', 'streamable-http', 'streamableHttp', 'sse']).optional(),
    /** OAuth with a client registered beforehand at the server's authorization server (docs/mcp.md "OAuth"). */
    client_id: z.string().min(1).max(500).optional(),
    client_secret: z.string().min(1).max(2000).optional(),
    /** A PEM file (PKCS#8) whose key signs the client's assertion (`private_key_jwt`). */
    private_key: z.string().min(1).max(4096).optional(),
    /**
     * How tokens are got: the browser step (`aibox mcp login`), the client's own credentials, or
     * an ID-JAG from the identity provider (`idp`, cross-app access).
     */
    grant: z.enum(['authorization_code', 'client_credentials', 'cross_app_access']).optional(),
    idp: McpIdpSchema.optional(),
    /** The scope asked for, besides what the server names. */
    scope: z.string().min(1).max(1000).optional(),
    ...mcpServerCommon,
  })
  .superRefine((entry, ctx) => {
    const problem = (path: string, en: string, zh: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message: en, params: { expected: { zh, en } } });
    const byHand = Object.keys(entry.headers).some((name) => name.toLowerCase() === 'authorization');
    if (entry.client_id === undefined) {
      for (const key of ['client_secret', 'private_key', 'grant', 'idp'] as const)
        if (entry[key] !== undefined) problem(key, 'needs client_id', '需要同时设置 client_id');
      return;
    }
    if (byHand)
      problem(
        'client_id',
        'an Authorization header already authenticates: no OAuth then',
        '已有 Authorization 请求头认证：此时不用 OAuth',
      );
    if (entry.client_secret !== undefined && entry.private_key !== undefined)
      problem(
        'private_key',
        'client_secret or private_key, not both',
        'client_secret 与 private_key 只能二选一',
      );
    if (entry.private_key !== undefined && entry.grant === 'authorization_code')
      problem(
        'grant',
        'a private key is used with the client_credentials grant',
        '私钥用于 client_credentials 授权',
      );
    if (
      entry.grant === 'client_credentials' &&
      entry.client_secret === undefined &&
      entry.private_key === undefined
    )
      problem(
        'grant',
        'client_credentials needs client_secret or private_key',
        'client_credentials 需要 client_secret 或 private_key',
      );
    if ((entry.grant === 'cross_app_access') !== (entry.idp !== undefined))
      problem(
        entry.idp ? 'idp' : 'grant',
        'cross_app_access and idp go together',
        'cross_app_access 与 idp 须同时设置',
      );
    if (
      entry.grant === 'cross_app_access' &&
      entry.client_secret === undefined &&
      entry.private_key === undefined
    )
      problem(
        'grant',
        'cross_app_access needs client_secret or private_key',
        'cross_app_access 需要 client_secret 或 private_key',
      );
  });

type McpStdioServerConfig = z.infer<typeof McpStdioServerSchema>;
export type McpHttpServerConfig = z.infer<typeof McpHttpServerSchema>;
export type McpServerConfig = McpStdioServerConfig | McpHttpServerConfig;

/**
 * `url` without `command` is an HTTP server, anything else a stdio one. Chosen by shape rather
 * than a union so a mistake is reported against the one form the user meant (e.g. `mcp.servers.x.command`).
 */
const McpServerSchema = z.unknown().transform((value, ctx): McpServerConfig => {
  const isHttp = typeof value === 'object' && value !== null && 'url' in value && !('command' in value);
  const result = (isHttp ? McpHttpServerSchema : McpStdioServerSchema).safeParse(value);
  if (result.success) return result.data;
  for (const issue of result.error.issues) ctx.addIssue({ ...issue } as z.core.$ZodRawIssue);
  return z.NEVER;
});

/**
 * A client ID metadata document's URL as the MCP authorization spec takes it for a `client_id`
 * (draft-ietf-oauth-client-id-metadata-document): https, a path, no fragment, no credentials, no
 * dot segments; written the way the URL parser writes it, since the authorization server compares
 * the document's `client_id` with it character for character. Empty: not used.
 */
export const CLIENT_METADATA_URL_EXPECTED = {
  zh: '空，或放置客户端元数据文档的 https 地址：带路径、无 # 片段、无用户名密码，按规范形式书写（如 https://example.com/aibox/client.json）',
  en: 'empty, or the https URL where the client metadata document is hosted: with a path, no # fragment, no user or password, written in normal form (e.g. https://example.com/aibox/client.json)',
};
export const ClientMetadataUrlSchema = z
  .string()
  .max(2000)
  .refine(
    (value) => {
      if (value === '') return true;
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        return false;
      }
      // The parser's form: no dot segments (it removes them), the host in lower case.
      return (
        url.protocol === 'https:' &&
        url.pathname !== '/' &&
        !value.includes('#') &&
        url.username === '' &&
        url.password === '' &&
        url.href === value
      );
    },
    { params: { expected: CLIENT_METADATA_URL_EXPECTED } },
  );

/** Server names become tool-name prefixes (`name__tool`), so they are kept short and plain. */
const MCP_SERVER_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/;

const McpConfigSchema = z.strictObject({
  servers: key(
    z
      .record(z.string().regex(MCP_SERVER_NAME), McpServerSchema)
      .refine((servers) => Object.keys(servers).every((name) => !name.includes('__')), {
        message: 'server names must not contain "__"',
      })
      .default({}),
    {
      live: true,
      secret: [
        ['*', 'env', '*'],
        ['*', 'headers', '*'],
        ['*', 'client_secret'],
        ['*', 'idp', 'client_secret'],
      ],
      zh: 'MCP 服务器：名称 → {command, args, env} 或 {url, headers}（Claude Desktop 格式）',
      en: "MCP servers: name → {command, args, env} or {url, headers} (Claude Desktop's format)",
    },
  ),
  connect_timeout_s: key(seconds(600).default(15), {
    live: true,
    zh: '启动后（及 /reload 后）第一轮对话等待仍在连接的服务器的最长秒数',
    en: 'How long the first turn after start (and after /reload) waits for servers still connecting, in seconds',
  }),
  elicitation_timeout_s: key(seconds(86_400).default(300), {
    live: true,
    zh: 'MCP 服务器请你填写的表单（elicitation）无人回答时，这么多秒后按拒绝处理',
    en: 'A form an MCP server asks you to fill in (elicitation) is declined when nobody answers within this many seconds',
  }),
  client_metadata_url: key(ClientMetadataUrlSchema.default(''), {
    live: true,
    zh: 'OAuth：你托管本机客户端元数据文档的 https 地址（aibox mcp client-metadata 打印其内容）；授权服务器支持时用它作 client_id，不再动态注册；留空则动态注册',
    en: "OAuth: the https URL where you host the box's client metadata document (aibox mcp client-metadata prints it); used as client_id where the authorization server supports it, instead of registering; empty: register dynamically",
  }),
  serve_ask: key(z.boolean().default(false), {
    live: false,
    zh: '在 aibox mcp serve 和 /mcp 中提供 ask 工具（一整轮对话）',
    en: 'Offer the ask tool (a whole agent turn) from aibox mcp serve and /mcp',
  }),
  serve_max_sessions: key(z.int().min(1).max(10_000).default(100), {
    live: true,
    zh: '/mcp 同时保持的 MCP 会话上限；满了时先结束最久没用、没有打开的流的会话，都在用则拒绝新的',
    en: 'Most MCP sessions /mcp keeps at once; when full, the one unused longest with no open stream is ended, and if all are in use a new one is refused',
  }),
  serve_session_idle_s: key(seconds(604_800).default(1800), {
    live: true,
    zh: '/mcp 的会话没有请求、也没有打开的流这么多秒后结束（客户端收到 404 后重新初始化）',
    en: 'A /mcp session with no request and no open stream for this many seconds is ended (the client gets 404 and initializes again)',
  }),
  serve_lang: key(z.enum(['en', 'zh']).default('en'), {
    live: false,
    zh: 'aibox mcp serve 和 /mcp 给其他应用的文字（工具说明、结果、提示）用的语言；aibox mcp serve --lang 优先',
    en: 'Language of the text aibox mcp serve and /mcp give other apps (tool descriptions, results, instructions); aibox mcp serve --lang wins',
  }),
});

/** Telegram bot over long polling (docs/channels.md). */
const TelegramChannelSchema = z.strictObject({
  token: key(z.string().default(''), {
    live: false,
    secret: true,
    zh: '@BotFather 给的 Bot token；留空读环境变量 AIBOX_TELEGRAM_TOKEN',
    en: 'Bot token from @BotFather; empty means the AIBOX_TELEGRAM_TOKEN environment variable',
  }),
  allowed_ids: key(z.array(z.int()).default([]), {
    live: true,
    zh: '可与本机对话的 Telegram 数字用户 id（另有用配对码配对的）',
    en: 'Numeric Telegram user ids that may talk to the box (besides those paired with a code)',
  }),
  api_root: key(z.string().default(''), {
    live: false,
    zh: 'Bot API 根地址；留空为 https://api.telegram.org',
    en: 'Bot API root; empty means https://api.telegram.org',
  }),
});

/** Feishu/Lark app over the long connection (docs/channels.md). */
const LarkChannelSchema = z.strictObject({
  app_id: key(z.string().default(''), {
    live: false,
    zh: 'App ID（cli_…）；留空读环境变量 AIBOX_LARK_APP_ID',
    en: 'App ID (cli_…); empty means the AIBOX_LARK_APP_ID environment variable',
  }),
  app_secret: key(z.string().default(''), {
    live: false,
    secret: true,
    zh: 'App Secret；留空读环境变量 AIBOX_LARK_APP_SECRET',
    en: 'App Secret; empty means the AIBOX_LARK_APP_SECRET environment variable',
  }),
  domain: key(
    z
      .string()
      .regex(/^(feishu|lark|https?:\/\/\S+)$/, 'feishu, lark or an http(s) base URL')
      .default('feishu'),
    {
      live: false,
      zh: 'feishu（open.feishu.cn）、lark（open.larksuite.com）或 http(s) 地址',
      en: 'feishu (open.feishu.cn), lark (open.larksuite.com) or an http(s) base URL',
    },
  ),
  allowed_ids: key(z.array(z.string().min(1)).default([]), {
    live: true,
    zh: '可与本机对话的用户 open_id（ou_…，另有配对的）',
    en: 'open_ids (ou_…) of the users who may talk to the box (besides those paired)',
  }),
});

/** DingTalk robot in Stream mode (docs/channels.md). */
const DingTalkChannelSchema = z.strictObject({
  client_id: key(z.string().default(''), {
    live: false,
    zh: '应用的 Client ID（AppKey）；留空读 AIBOX_DINGTALK_CLIENT_ID',
    en: "The app's Client ID (AppKey); empty means AIBOX_DINGTALK_CLIENT_ID",
  }),
  client_secret: key(z.string().default(''), {
    live: false,
    secret: true,
    zh: '应用的 Client Secret（AppSecret）；留空读 AIBOX_DINGTALK_CLIENT_SECRET',
    en: "The app's Client Secret (AppSecret); empty means AIBOX_DINGTALK_CLIENT_SECRET",
  }),
  allowed_ids: key(z.array(z.string().min(1)).default([]), {
    live: true,
    zh: '可与本机对话的员工 id（userid，另有配对的）',
    en: 'Staff ids (userid) that may talk to the box (besides those paired)',
  }),
  api_root: key(z.string().default(''), {
    live: false,
    zh: '网关与 OpenAPI 根地址；留空为 https://api.dingtalk.com',
    en: 'Gateway and OpenAPI root; empty means https://api.dingtalk.com',
  }),
  robot_code: key(z.string().max(128).default(''), {
    live: false,
    zh: '机器人的 code（OpenAPI 发送与卡片用）；留空为 Client ID',
    en: "The robot's code for OpenAPI sends and cards; empty means the client id",
  }),
  card_template_id: key(
    z
      .string()
      .regex(/^[\w.-]{0,128}$/, 'a card template id (letters, digits, ".", "-", "_")')
      .default(''),
    {
      live: false,
      zh: '审批卡片的卡片平台模板 id；留空则用一字回复审批',
      en: 'Card platform template for approval cards; empty: approvals by a one-word reply',
    },
  ),
});

/** QQ bot of the official QQ bot platform over its WebSocket gateway (docs/channels.md). */
const QqChannelSchema = z.strictObject({
  app_id: key(z.string().max(64).default(''), {
    live: false,
    zh: '机器人的 AppID；留空读环境变量 AIBOX_QQ_APP_ID',
    en: "The bot's AppID; empty means the AIBOX_QQ_APP_ID environment variable",
  }),
  client_secret: key(z.string().default(''), {
    live: false,
    secret: true,
    zh: '机器人的 AppSecret（ClientSecret）；留空读环境变量 AIBOX_QQ_CLIENT_SECRET',
    en: "The bot's AppSecret (client secret); empty means the AIBOX_QQ_CLIENT_SECRET environment variable",
  }),
  allowed_ids: key(z.array(z.string().min(1)).default([]), {
    live: true,
    zh: '可与本机对话的用户 openid（另有配对的）',
    en: 'openids of the users who may talk to the box (besides those paired)',
  }),
  sandbox: key(z.boolean().default(false), {
    live: false,
    zh: '连接沙箱环境（sandbox.api.sgroup.qq.com）',
    en: 'Connect to the sandbox (sandbox.api.sgroup.qq.com)',
  }),
  markdown: key(z.boolean().default(false), {
    live: false,
    zh: '以 Markdown 消息（msg_type 2）回答，私聊的回答以流式消息逐步显示；机器人须有原生 Markdown 权限',
    en: 'Answer as Markdown messages (msg_type 2), streamed in direct chats; the bot needs the native Markdown permission',
  }),
  keyboard: key(z.boolean().default(false), {
    live: false,
    zh: '审批请求带按钮（Markdown + 自定义键盘）；机器人须有按钮权限，否则回复一个词来审批',
    en: 'Approval requests with buttons (Markdown + custom keyboard); the bot needs keyboard rights, else a one-word reply',
  }),
  api_root: key(z.string().default(''), {
    live: false,
    zh: 'OpenAPI 根地址；留空为 https://api.sgroup.qq.com（或沙箱地址）',
    en: 'OpenAPI root; empty means https://api.sgroup.qq.com (or the sandbox)',
  }),
  token_url: key(z.string().default(''), {
    live: false,
    zh: '获取调用凭证的地址；留空为 https://bots.qq.com/app/getAppAccessToken',
    en: 'Where the access token is fetched; empty means https://bots.qq.com/app/getAppAccessToken',
  }),
  webhook_listen: key(
    z
      .string()
      .regex(/^$|^(\[[0-9a-fA-F:.]+\]|[\w.-]+):\d{1,5}$/, 'host:port, e.g. 127.0.0.1:8443')
      .default(''),
    {
      live: false,
      zh: 'Webhook 模式：在此 host:port 监听平台的回调（由 HTTPS 反向代理转发）；留空用 WebSocket 网关',
      en: "Webhook mode: listen for the platform's callbacks on this host:port (behind an HTTPS reverse proxy); empty: the WebSocket gateway",
    },
  ),
});

/** WeCom intelligent robot on its long connection (docs/channels.md). */
const WeComChannelSchema = z.strictObject({
  bot_id: key(z.string().max(256).default(''), {
    live: false,
    zh: '智能机器人的 Bot ID；留空读 AIBOX_WECOM_BOT_ID',
    en: "The intelligent robot's Bot ID; empty means AIBOX_WECOM_BOT_ID",
  }),
  secret: key(z.string().max(512).default(''), {
    live: false,
    secret: true,
    zh: '智能机器人长连接的 Secret；留空读 AIBOX_WECOM_SECRET',
    en: "The robot's long-connection Secret; empty means AIBOX_WECOM_SECRET",
  }),
  allowed_ids: key(z.array(z.string().min(1).max(256)).default([]), {
    live: true,
    zh: '可与本机对话的成员 userid（另有配对的）',
    en: 'Member userids that may talk to the box (besides those paired)',
  }),
  ws_url: key(
    z
      .string()
      .regex(/^(wss?:\/\/\S+)?$/, 'a ws:// or wss:// URL')
      .default(''),
    {
      live: false,
      zh: '长连接地址；留空为 wss://openws.work.weixin.qq.com',
      en: 'Long-connection URL; empty means wss://openws.work.weixin.qq.com',
    },
  ),
});

/** Personal WeChat over iLink, logged in by QR code (docs/channels.md). */
const WeChatChannelSchema = z.strictObject({
  enabled: key(z.boolean().default(false), {
    live: false,
    zh: '启动微信渠道（用 aibox channels login wechat 或网页扫码登录）',
    en: 'Run the WeChat channel (log in by QR code: aibox channels login wechat, or on the page)',
  }),
  allowed_ids: key(z.array(z.string().min(1).max(256)).default([]), {
    live: true,
    zh: '可与本机对话的微信用户 id（…@im.wechat，另有配对的）',
    en: 'WeChat user ids (…@im.wechat) that may talk to the box (besides those paired)',
  }),
  api_root: key(z.string().default(''), {
    live: false,
    zh: 'iLink 接口根地址；留空为 https://ilinkai.weixin.qq.com（登录所给的主机优先）',
    en: 'iLink API root; empty means https://ilinkai.weixin.qq.com (or the host the login names)',
  }),
  cdn_root: key(z.string().default(''), {
    live: false,
    zh: '媒体 CDN 根地址；留空为 https://novac2c.cdn.weixin.qq.com/c2c',
    en: 'Media CDN root; empty means https://novac2c.cdn.weixin.qq.com/c2c',
  }),
});

/** What messages from senders who are not allowed may cost (docs/channels.md, "Strangers"). */
const StrangersSchema = z.strictObject({
  log_per_minute: key(z.int().min(1).max(10_000).default(20), {
    live: false,
    zh: '每分钟关于陌生人的日志行数（全部合计）',
    en: 'Log lines about strangers per minute, all together',
  }),
  refusals_per_minute: key(z.int().min(0).max(10_000).default(10), {
    live: false,
    zh: '每分钟发给陌生人的拒绝数（全部合计）；0 为不发',
    en: 'Refusals sent to strangers per minute, all together; 0 sends none',
  }),
});

/** Messages kept while a vendor is unreachable (docs/channels.md, "Results during downtime"). */
const OutboxSchema = z.strictObject({
  max_messages: key(z.int().min(1).max(100_000).default(200), {
    live: false,
    zh: '服务商不可达时保留的消息数（全部频道合计）',
    en: 'Messages kept while a vendor is unreachable, all channels together',
  }),
  max_bytes: key(
    z
      .int()
      .min(1024)
      .max(100 * 1024 * 1024)
      .default(1024 * 1024),
    {
      live: false,
      zh: '保留的文字字节数（全部频道合计）',
      en: 'Bytes of text kept, all channels together',
    },
  ),
  max_age_s: key(seconds(30 * 86_400).default(86_400), {
    live: false,
    zh: '超过这么多秒的保留消息被丢弃而不再发送',
    en: 'A kept message older than this many seconds is dropped instead of posted',
  }),
});

const ChannelsConfigSchema = z.strictObject({
  session: key(z.enum(['per_chat', 'main']).default('per_chat'), {
    live: true,
    zh: 'per_chat：每个聊天一个会话；main：所有聊天共用 main',
    en: 'per_chat: each chat has its own session; main: every chat shares main',
  }),
  pairing_ttl_s: key(seconds(86_400).default(600), {
    live: true,
    zh: '配对码的有效秒数',
    en: 'How long a pairing code stays valid, in seconds',
  }),
  stream_interval_ms: key(z.int().min(50).max(60_000).default(1000), {
    live: true,
    zh: '流式回答两次编辑之间的最短毫秒数',
    en: 'Shortest time between two edits of a streamed answer, in ms',
  }),
  max_file_bytes: key(
    z
      .int()
      .positive()
      .default(20 * 1024 * 1024),
    {
      live: true,
      zh: '保存到工作区的聊天文件最大字节数',
      en: 'Largest file from a chat that is saved to the workspace',
    },
  ),
  thinking_notice_ms: key(z.int().min(0).max(600_000).default(2000), {
    live: true,
    zh: '不能编辑消息的频道：慢回答等待这么多毫秒后发“思考中”提示',
    en: 'Channels that cannot edit a message: ms a slow answer waits before a "thinking" notice',
  }),
  strangers: section(withOwnDefaults(StrangersSchema), { zh: '陌生人', en: 'Strangers' }),
  outbox: section(withOwnDefaults(OutboxSchema), { zh: '离线发件箱', en: 'Outbox' }),
  telegram: section(withOwnDefaults(TelegramChannelSchema), { zh: 'Telegram', en: 'Telegram' }),
  lark: section(withOwnDefaults(LarkChannelSchema), { zh: '飞书/Lark', en: 'Feishu/Lark' }),
  dingtalk: section(withOwnDefaults(DingTalkChannelSchema), { zh: '钉钉 DingTalk', en: 'DingTalk' }),
  qq: section(withOwnDefaults(QqChannelSchema), { zh: 'QQ 机器人', en: 'QQ' }),
  wecom: section(withOwnDefaults(WeComChannelSchema), { zh: '企业微信 WeCom', en: 'WeCom' }),
  wechat: section(withOwnDefaults(WeChatChannelSchema), { zh: '微信', en: 'WeChat' }),
});

const LogConfigSchema = z.strictObject({
  level: key(z.enum(['error', 'warn', 'info', 'debug']).default('info'), {
    live: true,
    zh: '写入日志文件的级别',
    en: 'Level written to the log file',
  }),
  max_size_mb: key(z.number().positive().default(10), {
    live: false,
    zh: '日志文件轮转的大小（MB）',
    en: 'Size at which the log file is rotated, in MB',
  }),
  files: key(z.int().min(1).max(100).default(5), {
    live: false,
    zh: '保留的日志文件数（含当前）',
    en: 'Log files kept (the current one included)',
  }),
});

/** Where memory embeddings come from (docs/memory-and-tasks.md, "Recall"). */
const EmbeddingsConfigSchema = z.strictObject({
  provider: key(z.enum([...PROVIDER_IDS, ...EMBEDDING_ONLY_PROVIDER_IDS, 'off', '']).default(''), {
    live: false,
    zh: '嵌入向量的服务商；留空用对话模型的（其预设支持时），off 只用关键词搜索',
    en: "Where embeddings come from; empty: the chat provider's when its preset has them, off: keyword search only",
  }),
  base_url: key(z.string().default(''), {
    live: false,
    zh: '嵌入接口地址；留空为预设的（custom 时必填）',
    en: "Embeddings API base URL; empty: the preset's (required for custom)",
  }),
  model: key(z.string().default(''), {
    live: false,
    zh: '嵌入模型；留空为预设的',
    en: "Embedding model; empty: the preset's",
  }),
  dimensions: key(z.int().min(0).max(8192).default(0), {
    live: false,
    zh: '请求的向量维数；0 为预设的',
    en: "Vector size asked for; 0: the preset's",
  }),
  api_key_env: key(z.string().default(''), {
    live: false,
    zh: '存放嵌入密钥的环境变量名；留空为服务商的（或对话模型的密钥）',
    en: "Environment variable holding the key; empty: the provider's (or the chat model's key)",
  }),
  batch_size: key(z.int().min(1).max(256).default(10), {
    live: false,
    zh: '每次请求嵌入的文本数',
    en: 'Texts per embeddings request',
  }),
});

/** The daily consolidation of memory (docs/memory-and-tasks.md, "Consolidation"). */
const ConsolidateConfigSchema = z.strictObject({
  enabled: key(z.boolean().default(false), {
    live: true,
    zh: '每天整理记忆：读一天的对话，提出新记忆、合并重复、标记过时，并写当天的日记',
    en: "Consolidate memory every day: read the day's conversations, propose new memories, merge duplicates, mark outdated ones, write the day's journal",
  }),
  time: key(
    z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM, e.g. 03:30')
      .default('03:30'),
    {
      live: true,
      zh: '每天整理的时间（HH:MM，scheduler.timezone 的本地时间）；中午前整理前一天，中午起整理当天；停机错过的日子（最多 7 天）在启动时补上',
      en: 'When it runs each day (HH:MM, local time of scheduler.timezone); before noon it reads the day before, from noon the same day; days missed while the box was down (7 at most) run when it starts',
    },
  ),
  max_tokens: key(z.int().min(1000).max(10_000_000).default(20_000), {
    live: true,
    zh: '每次整理最多用的 token 数：到了就停止（已读的部分照常保存）',
    en: 'Most tokens one consolidation may use: it stops there (what it read so far is kept)',
  }),
});

const MemoryConfigSchema = z.strictObject({
  embeddings: section(withOwnDefaults(EmbeddingsConfigSchema), { zh: '嵌入向量', en: 'Embeddings' }),
  recall_k: key(z.int().min(0).max(20).default(5), {
    live: true,
    zh: '每轮对话前放入提示的记忆数；0 关闭自动回忆',
    en: 'Memories put in the prompt before each turn; 0 turns automatic recall off',
  }),
  recall_tokens: key(z.int().min(50).max(8000).default(600), {
    live: true,
    zh: '回忆内容最多占的（估算）token 数',
    en: 'Most tokens (estimated) the recalled block may take',
  }),
  recall_min_similarity: key(z.number().min(0).max(1).default(0.5), {
    live: true,
    zh: '按含义回忆一条记忆所需的余弦相似度',
    en: 'Cosine similarity a memory needs to be recalled by meaning',
  }),
  owner_chats: key(z.array(z.string().trim().min(1).max(200)).max(100).default([]), {
    live: true,
    zh: '算作主人本人的聊天（如 telegram:42）：能看到并保存主人的记忆；其他聊天只看到自己的记忆',
    en: "Chats that are the owner (e.g. telegram:42): they see and save the owner's memories; other chats see only their own",
  }),
  consolidate: section(withOwnDefaults(ConsolidateConfigSchema), { zh: '记忆整理', en: 'Consolidation' }),
});

/** An OpenAI-compatible speech-to-text endpoint (docs/media.md, "Voice"). */
const TranscriptionConfigSchema = z.strictObject({
  base_url: key(z.string().default(''), {
    live: true,
    zh: '语音转文字接口地址（OpenAI 兼容的 /audio/transcriptions）；留空为不转写',
    en: 'Speech-to-text API base URL (OpenAI-compatible /audio/transcriptions); empty: no transcription',
  }),
  model: key(z.string().default(''), {
    live: true,
    zh: '转写模型，如 whisper-1、FunAudioLLM/SenseVoiceSmall',
    en: 'Transcription model, e.g. whisper-1, FunAudioLLM/SenseVoiceSmall',
  }),
  api_key_env: key(z.string().default(''), {
    live: true,
    zh: '存放转写密钥的环境变量名；留空为不带密钥（本机服务）',
    en: 'Environment variable holding the key; empty: no key (a local server)',
  }),
  language: key(z.string().max(16).default(''), {
    live: true,
    zh: '说话的语言（ISO-639-1，如 zh）；留空由服务判断',
    en: 'Spoken language (ISO-639-1, e.g. zh); empty: the service decides',
  }),
  timeout_s: key(seconds(600).default(60), {
    live: true,
    zh: '一次转写请求的最长秒数',
    en: 'Longest time one transcription request may take, in seconds',
  }),
});

/** An OpenAI-compatible text-to-speech endpoint for spoken replies (docs/media.md, "Spoken replies"). */
const SpeechConfigSchema = z.strictObject({
  base_url: key(z.string().default(''), {
    live: true,
    zh: '文字转语音接口地址（OpenAI 兼容的 /audio/speech）；留空为不发语音回答',
    en: 'Text-to-speech API base URL (OpenAI-compatible /audio/speech); empty: no spoken replies',
  }),
  model: key(z.string().default(''), {
    live: true,
    zh: '语音合成模型，如 tts-1、FunAudioLLM/CosyVoice2-0.5B',
    en: 'Speech model, e.g. tts-1, FunAudioLLM/CosyVoice2-0.5B',
  }),
  voice: key(z.string().max(200).default('alloy'), {
    live: true,
    zh: '声音名称（服务商的）',
    en: "The voice's name (the provider's)",
  }),
  api_key_env: key(z.string().default(''), {
    live: true,
    zh: '存放语音合成密钥的环境变量名；留空为不带密钥（本机服务）',
    en: 'Environment variable holding the key; empty: no key (a local server)',
  }),
  max_chars: key(z.int().min(1).max(4096).default(1000), {
    live: true,
    zh: '读出的回答最多字数；更长的只发文字',
    en: 'Longest answer read out, in characters; a longer one is sent as text only',
  }),
});

/** Any OpenAI-compatible model that describes pictures for a chat model that cannot see them. */
const VisionModelSchema = z.strictObject({
  base_url: key(z.string().default(''), {
    live: true,
    zh: '看图模型的接口地址（OpenAI 兼容）；留空不用看图模型',
    en: 'API base URL of the picture-describing model (OpenAI-compatible); empty: none',
  }),
  model: key(z.string().default(''), {
    live: true,
    zh: '看图模型名（如 qwen-vl-plus、glm-4v-flash）',
    en: 'Name of the picture-describing model (e.g. qwen-vl-plus, glm-4v-flash)',
  }),
  api_key_env: key(z.string().default(''), {
    live: true,
    zh: '存放看图模型密钥的环境变量名；留空则不带密钥',
    en: 'Environment variable holding its key; empty: no key is sent',
  }),
});

/** Pictures and voice from chats and the page (docs/media.md). */
const MediaConfigSchema = z.strictObject({
  max_audio_s: key(z.int().min(1).max(3600).default(120), {
    live: true,
    zh: '转写的语音最长秒数；更长的不转换',
    en: 'Longest voice note transcribed, in seconds; a longer one is not converted',
  }),
  max_audio_bytes: key(
    z
      .int()
      .min(1024)
      .max(200 * 1024 * 1024)
      .default(25 * 1024 * 1024),
    {
      live: true,
      zh: '转写的语音文件最大字节数',
      en: 'Largest voice file transcribed, in bytes',
    },
  ),
  transcription: section(withOwnDefaults(TranscriptionConfigSchema), {
    zh: '语音转文字',
    en: 'Transcription',
  }),
  speech: section(withOwnDefaults(SpeechConfigSchema), { zh: '语音回答', en: 'Spoken replies' }),
  max_image_px: key(z.int().min(64).max(8192).default(1568), {
    live: true,
    zh: '图片缩放后长边最多的像素数',
    en: 'Longest side of a picture after shrinking, in pixels',
  }),
  vision_model: section(withOwnDefaults(VisionModelSchema), { zh: '看图模型', en: 'Vision model' }),
  max_upload_bytes: key(
    z
      .int()
      .min(1024)
      .max(1024 * 1024 * 1024)
      .default(20 * 1024 * 1024),
    {
      live: true,
      zh: 'POST /api/uploads 一个文件最多的字节数',
      en: 'Largest file POST /api/uploads takes, in bytes',
    },
  ),
  pictures_max_age_days: key(z.number().positive().max(36_500).default(90), {
    live: true,
    zh: '保存的图片（pictures/）超过这么多天即删除，启动时和每次保存后',
    en: 'Stored pictures (pictures/) older than this many days are removed, at start and after each save',
  }),
  pictures_max_mb: key(z.number().positive().default(500), {
    live: true,
    zh: '然后删除最旧的图片，直到其余的不超过这么多 MB',
    en: 'Then the oldest pictures are removed until the rest fit in this many MB',
  }),
});

/** Snapshots of the data dir (docs/backups.md): each snapshot reads the file as it is then. */
const BackupConfigSchema = z.strictObject({
  keep: key(z.int().min(1).max(1000).default(5), {
    live: true,
    zh: '一个备份目录保留的快照数（aibox backup，以及迁移或恢复前自动做的快照）',
    en: 'Snapshots kept in a backups folder (aibox backup, and those taken before a migration or a restore)',
  }),
});

/** Section defaults are functions: a shared default object would share its arrays between configs. */
export const ConfigSchema = z.strictObject({
  lang: key(z.enum(['zh', 'en', '']).default(''), {
    live: false,
    zh: 'zh、en，或留空按环境/系统语言',
    en: 'zh, en, or empty for the environment/locale',
  }),
  prompts_dir: key(z.string().default(''), {
    live: false,
    zh: '提示词文件目录；留空为 AIBOX_HOME/prompts',
    en: 'Prompt files directory; empty means AIBOX_HOME/prompts',
  }),
  skills: section(withOwnDefaults(SkillsConfigSchema), { zh: '技能', en: 'Skills' }),
  llm: section(withOwnDefaults(LlmConfigSchema), { zh: '模型', en: 'Model' }),
  agent: section(withOwnDefaults(AgentConfigSchema), { zh: '智能体', en: 'Agent' }),
  budget: section(withOwnDefaults(BudgetConfigSchema), { zh: '预算', en: 'Budget' }),
  tools: section(withOwnDefaults(ToolsConfigSchema), { zh: '工具', en: 'Tools' }),
  server: section(withOwnDefaults(ServerConfigSchema), { zh: '服务器', en: 'Server' }),
  scheduler: section(withOwnDefaults(SchedulerConfigSchema), { zh: '定时任务', en: 'Scheduler' }),
  safety: section(withOwnDefaults(SafetyConfigSchema), { zh: '安全', en: 'Safety' }),
  mcp: section(withOwnDefaults(McpConfigSchema), { zh: 'MCP', en: 'MCP' }),
  channels: section(withOwnDefaults(ChannelsConfigSchema), { zh: '聊天渠道', en: 'Channels' }),
  log: section(withOwnDefaults(LogConfigSchema), { zh: '日志', en: 'Log' }),
  memory: section(withOwnDefaults(MemoryConfigSchema), { zh: '记忆', en: 'Memory' }),
  backup: section(withOwnDefaults(BackupConfigSchema), { zh: '备份', en: 'Backups' }),
  media: section(withOwnDefaults(MediaConfigSchema), { zh: '图片与语音', en: 'Pictures and voice' }),
});

export type Config = z.infer<typeof ConfigSchema>;

export function defaultConfig(): Config {
  return ConfigSchema.parse({}, PARSE_ONCE);
}
