import { z } from 'zod';

/**
 * The schema of `AIBOX_HOME/config.json`. Every key has a documented default
 * (see docs/configuration.md); user values are deep-merged over these.
 * Keys are snake_case, as in the original Aibox's file.
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

const seconds = (max: number) => z.number().positive().max(max);

const SkillsConfigSchema = z.strictObject({
  /** Skills directory; empty means `AIBOX_HOME/skills`. */
  dir: z.string().default(''),
  /** Limit for one `--help` probe, in seconds (the spec says 10). */
  probe_timeout_s: seconds(120).default(10),
  /** How many probes run at once. 0 means: twice the core count, at least 4. */
  probe_concurrency: z.int().min(0).max(64).default(0),
  /** Reload by itself when files in the skills dir change. */
  watch: z.boolean().default(true),
  /** Install the example skills into an empty skills dir on first run. */
  install_examples: z.boolean().default(true),
});

export const LlmConfigSchema = z.strictObject({
  provider: z.enum(PROVIDER_IDS).default('deepseek'),
  /** Empty means the preset's URL. */
  base_url: z.string().default(''),
  /** Empty means the preset's model. */
  model: z.string().default(''),
  /** Name of the environment variable holding the key; empty means the preset's. */
  api_key_env: z.string().default(''),
  temperature: z.number().min(0).max(2).default(0.7),
  max_tokens: z.int().positive().max(1_000_000).default(8192),
  /** Total time for one model request, first byte to last. */
  timeout_s: seconds(3600).default(120),
  /** Retries on 429 / 5xx / connection errors before the first token. */
  max_retries: z.int().min(0).max(10).default(3),
  /** Thinking of hybrid models where the preset knows the vendor's switch (qwen, ark); `auto`: the vendor's default. */
  thinking: z.enum(['auto', 'on', 'off']).default('auto'),
  /** Most tokens one reply may think (qwen's `thinking_budget`); 0: the vendor's default. */
  thinking_budget: z.int().min(0).max(1_000_000).default(0),
});

const AgentConfigSchema = z.strictObject({
  /** Model rounds per turn (model → tools → model …). */
  max_rounds: z.int().min(1).max(200).default(20),
  /** Estimated tokens of history before older turns are summarised. */
  context_token_budget: z.int().min(1000).default(60_000),
  /** Messages at the end of the history that compression never touches. */
  keep_recent_messages: z.int().min(2).default(12),
  /** Longest model reply kept for one round; a longer one is cut there and the round ends. */
  max_reply_chars: z.int().min(1000).default(200_000),
});

export const ToolsConfigSchema = z.strictObject({
  /** What the model sees of one tool result at most; longer output is cut to head + tail and saved in full. */
  max_result_chars: z.int().min(500).default(10_000),
  /** Saved full results (`tool_results/`) older than this are removed. */
  result_files_max_age_days: z.number().positive().max(36_500).default(7),
  /** …and the oldest of the rest, until they fit in this many MB together. */
  result_files_max_mb: z.number().positive().default(100),
  /** run_command default timeout, and the most a model may ask for. */
  command_timeout_s: seconds(86_400).default(30),
  command_max_timeout_s: seconds(86_400).default(600),
  /** false disables run_command (it really does, unlike the original). */
  commands_enabled: z.boolean().default(true),
  /** Working dir of run_command and base of relative file paths; empty means `AIBOX_HOME/workspace`. */
  workspace_dir: z.string().default(''),
  read_file_max_bytes: z
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  /** Time limit of one calculator evaluation (it runs in a worker, which is stopped then). */
  calculator_timeout_s: seconds(600).default(5),
  web_timeout_s: seconds(600).default(15),
  /** Time limit of reading one fetched page (HTML parsing and extraction, in a worker). */
  web_extract_timeout_s: seconds(600).default(10),
  web_max_bytes: z
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  web_user_agent: z.string().default('Mozilla/5.0 (compatible; Aibox/0.1; +https://github.com/gopsc/aibox)'),
});

const ServerConfigSchema = z.strictObject({
  host: z.string().min(1).default('127.0.0.1'),
  port: z.int().min(0).max(65_535).default(8765),
  /** Required to bind a non-loopback address. Never logged or sent. */
  token: z.string().default(''),
  allowed_origins: z.array(z.string()).default([]),
  max_frame_bytes: z
    .int()
    .min(1024)
    .default(1024 * 1024),
  /** A client whose unsent data passes this is disconnected (close 1013). */
  max_buffered_bytes: z
    .int()
    .min(1024)
    .default(8 * 1024 * 1024),
  /** Messages of a session's transcript sent in the `history` frame on connect. */
  history_messages: z.int().min(0).max(1000).default(100),
  /** Host header values accepted besides loopback names (DNS-rebinding guard when no token is set). */
  allowed_hosts: z.array(z.string()).default([]),
  /** Sessions held in memory at once; idle ones are evicted first, busy ones never. */
  max_sessions: z.int().min(1).max(100_000).default(200),
  /** Turns waiting in one session's queue at most (the running one not counted). */
  max_queued_turns: z.int().min(1).max(1000).default(20),
  /** Serve `POST /v1/chat/completions` and `GET /v1/models` (always behind `token`, see docs/openai-api.md). */
  openai_api: z.boolean().default(false),
  /** Largest /api request body. */
  max_body_bytes: z
    .int()
    .min(1024)
    .default(4 * 1024 * 1024),
  /** TCP connections held at once (HTTP and WebSocket); past it idle or half-sent ones are closed first. */
  max_connections: z.int().min(8).max(100_000).default(512),
  /** TCP connections held at once from one address. */
  max_connections_per_peer: z.int().min(2).max(100_000).default(128),
  /** A request's headers must arrive within this many seconds. */
  headers_timeout_s: z.int().min(1).max(600).default(10),
  /** A whole request (headers and body) must arrive within this many seconds. */
  request_timeout_s: z.int().min(1).max(3600).default(120),
});

const SchedulerConfigSchema = z.strictObject({
  enabled: z.boolean().default(true),
  /** Task runs at once (each in its own session). */
  max_concurrent_runs: z.int().min(1).max(16).default(1),
  /** IANA time zone for schedules; empty means the system's. */
  timezone: z.string().default(''),
  /** Shortest time between two runs of a repeating task, in seconds (never below 60). */
  min_interval_s: z.int().min(60).default(60),
});

/** A user's rule for the allow/ask/deny decision (see docs/safety.md). */
const SafetyRuleSchema = z
  .strictObject({
    decision: z.enum(['allow', 'ask', 'deny']),
    /**
     * A program's absolute path (what "Always" saves) or base name, or for MCP tools `server__tool`;
     * `*` matches any (src/safety/rules.ts).
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
  /** ask: risky calls wait for a person; deny: they are refused; off: everything runs (warned at start). */
  mode: z.enum(['ask', 'deny', 'off']).default('ask'),
  /** auto: bubblewrap when it works, otherwise unsandboxed (said at start); bwrap: required; off: never. */
  sandbox: z.enum(['auto', 'bwrap', 'off']).default('auto'),
  /** Whether sandboxed commands may use the network. */
  network: z.boolean().default(true),
  rules: z.array(SafetyRuleSchema).default([]),
  /** Directories the file tools may use besides the workspace and the skills dir. */
  file_roots: z.array(z.string()).default([]),
  /** Hosts `web` may fetch even though they resolve to loopback or private addresses. */
  web_allow_hosts: z.array(z.string()).default([]),
  /** Unanswered approval requests are denied after this. */
  approval_timeout_s: seconds(86_400).default(120),
});

const mcpServerCommon = {
  /** false keeps the entry but never connects. */
  enabled: z.boolean().default(true),
  /** Limit for connecting and for one tool call, in seconds. */
  timeout_s: seconds(3600).default(60),
};

/** An MCP server started as a child process speaking MCP on stdin/stdout (Claude Desktop's format). */
const McpStdioServerSchema = z.strictObject({
  command: z.string().min(1),
  args: z.array(z.string()).default([]),
  env: z.record(z.string(), z.string()).default({}),
  cwd: z.string().optional(),
  ...mcpServerCommon,
});

/** An MCP server reached over Streamable HTTP (SSE as fallback). */
const McpHttpServerSchema = z.strictObject({
  url: z.url({ protocol: /^https?$/ }),
  headers: z.record(z.string(), z.string()).default({}),
  /** Accepted for configs pasted from other clients; the transport is chosen by trying. */
  type: z.enum(['http', 'streamable-http', 'streamableHttp', 'sse']).optional(),
  ...mcpServerCommon,
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

/** Server names become tool-name prefixes (`name__tool`), so they are kept short and plain. */
const MCP_SERVER_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/;

const McpConfigSchema = z.strictObject({
  servers: z
    .record(z.string().regex(MCP_SERVER_NAME), McpServerSchema)
    .refine((servers) => Object.keys(servers).every((name) => !name.includes('__')), {
      message: 'server names must not contain "__"',
    })
    .default({}),
  /** Offer the `ask` tool (a whole agent turn) from `aibox mcp serve` and `/mcp`. */
  serve_ask: z.boolean().default(false),
  /** How long the first turn after start (and after `/reload`) waits for servers still connecting. */
  connect_timeout_s: seconds(600).default(15),
});

/** Telegram bot over long polling (docs/channels.md). */
const TelegramChannelSchema = z.strictObject({
  /** Bot token from @BotFather; empty means the AIBOX_TELEGRAM_TOKEN environment variable. Never logged. */
  token: z.string().default(''),
  /** Numeric Telegram user ids that may talk to the box (besides those paired with a code). */
  allowed_ids: z.array(z.int()).default([]),
  /** Bot API root; empty means the public `https://api.telegram.org` (tests point it at their fake). */
  api_root: z.string().default(''),
});

/** Feishu/Lark app over the long connection (docs/channels.md). */
const LarkChannelSchema = z.strictObject({
  /** App ID (`cli_…`); empty means the AIBOX_LARK_APP_ID environment variable. */
  app_id: z.string().default(''),
  /** App secret; empty means the AIBOX_LARK_APP_SECRET environment variable. Never logged. */
  app_secret: z.string().default(''),
  /** `feishu` (open.feishu.cn), `lark` (open.larksuite.com) or a base URL (tests point it at their fake). */
  domain: z
    .string()
    .regex(/^(feishu|lark|https?:\/\/\S+)$/, 'feishu, lark or an http(s) base URL')
    .default('feishu'),
  /** open_ids (`ou_…`) of the users who may talk to the box (besides those paired with a code). */
  allowed_ids: z.array(z.string().min(1)).default([]),
});

/** DingTalk robot in Stream mode (docs/channels.md). */
const DingTalkChannelSchema = z.strictObject({
  /** The app's Client ID (AppKey); empty means the AIBOX_DINGTALK_CLIENT_ID environment variable. */
  client_id: z.string().default(''),
  /** The app's Client Secret (AppSecret); empty means AIBOX_DINGTALK_CLIENT_SECRET. Never logged. */
  client_secret: z.string().default(''),
  /** Staff ids (or DingTalk user ids) that may talk to the box (besides those paired with a code). */
  allowed_ids: z.array(z.string().min(1)).default([]),
  /** Gateway and OpenAPI root; empty means `https://api.dingtalk.com` (tests point it at their fake). */
  api_root: z.string().default(''),
  /** The robot's code for OpenAPI sends and cards; empty means the client id (an app's own robot). */
  robot_code: z.string().max(128).default(''),
  /** Card platform template for approval cards (docs/channels.md); empty: approvals by a one-word reply. */
  card_template_id: z
    .string()
    .regex(/^[\w.-]{0,128}$/, 'a card template id (letters, digits, ".", "-", "_")')
    .default(''),
});

/** What messages from senders who are not allowed may cost (docs/channels.md, "Strangers"). */
const StrangersSchema = z.strictObject({
  /** Log lines about strangers per minute, all together (each sender: 3, then 1 a minute). */
  log_per_minute: z.int().min(1).max(10_000).default(20),
  /** Refusals sent to strangers per minute, all together (each sender: 1 per 10 minutes); 0 sends none. */
  refusals_per_minute: z.int().min(0).max(10_000).default(10),
});

/** Messages kept while a vendor is unreachable (docs/channels.md, "Results during downtime"). */
const OutboxSchema = z.strictObject({
  /** Messages kept, all channels together; the oldest are dropped first. */
  max_messages: z.int().min(1).max(100_000).default(200),
  /** Bytes of text kept, all channels together. */
  max_bytes: z
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .default(1024 * 1024),
  /** A message older than this is dropped instead of re-posted. */
  max_age_s: seconds(30 * 86_400).default(86_400),
});

const ChannelsConfigSchema = z.strictObject({
  /** per_chat: each chat has its own session (`telegram-<chat id>`); main: every chat shares `main`. */
  session: z.enum(['per_chat', 'main']).default('per_chat'),
  /** How long a code from `aibox channels pair` stays valid. */
  pairing_ttl_s: seconds(86_400).default(600),
  /** Shortest time between two edits of a streamed answer. */
  stream_interval_ms: z.int().min(50).max(60_000).default(1000),
  /** Largest file from a chat that is saved to the workspace. */
  max_file_bytes: z
    .int()
    .positive()
    .default(20 * 1024 * 1024),
  /** Channels that cannot edit a sent message: how long a slow answer waits before a "thinking" notice. */
  thinking_notice_ms: z.int().min(0).max(600_000).default(2000),
  strangers: StrangersSchema.default(() => StrangersSchema.parse({})),
  outbox: OutboxSchema.default(() => OutboxSchema.parse({})),
  telegram: TelegramChannelSchema.default(() => TelegramChannelSchema.parse({})),
  lark: LarkChannelSchema.default(() => LarkChannelSchema.parse({})),
  dingtalk: DingTalkChannelSchema.default(() => DingTalkChannelSchema.parse({})),
});

/** Where memory embeddings come from (docs/memory-and-tasks.md, "Recall"). */
const EmbeddingsConfigSchema = z.strictObject({
  /** Empty: the chat provider's embeddings when its preset has them; `off`: keyword search only. */
  provider: z.enum([...PROVIDER_IDS, 'off', '']).default(''),
  /** Empty: the provider preset's base URL (for `custom`: required). */
  base_url: z.string().default(''),
  /** Empty: the preset's embedding model. */
  model: z.string().default(''),
  /** Vector size asked for; 0: the preset's (models without a size option ignore it). */
  dimensions: z.int().min(0).max(8192).default(0),
  /** Environment variable holding the key; empty: the provider's (or the chat model's key). */
  api_key_env: z.string().default(''),
  /** Texts per request. */
  batch_size: z.int().min(1).max(256).default(10),
});

const MemoryConfigSchema = z.strictObject({
  embeddings: EmbeddingsConfigSchema.default(() => EmbeddingsConfigSchema.parse({})),
  /** Memories put in the prompt before each turn; 0 turns automatic recall off. */
  recall_k: z.int().min(0).max(20).default(5),
  /** Most tokens (estimated) the recalled block may take. */
  recall_tokens: z.int().min(50).max(8000).default(600),
  /** Cosine similarity a memory needs to be recalled by meaning. */
  recall_min_similarity: z.number().min(0).max(1).default(0.5),
});

const LogConfigSchema = z.strictObject({
  level: z.enum(['error', 'warn', 'info', 'debug']).default('info'),
  max_size_mb: z.number().positive().default(10),
  files: z.int().min(1).max(100).default(5),
});

/** Section defaults are functions: a shared default object would share its arrays between configs. */
export const ConfigSchema = z.strictObject({
  lang: z.enum(['zh', 'en', '']).default(''),
  /** Prompt files directory; empty means `AIBOX_HOME/prompts`. */
  prompts_dir: z.string().default(''),
  skills: SkillsConfigSchema.default(() => SkillsConfigSchema.parse({})),
  llm: LlmConfigSchema.default(() => LlmConfigSchema.parse({})),
  agent: AgentConfigSchema.default(() => AgentConfigSchema.parse({})),
  tools: ToolsConfigSchema.default(() => ToolsConfigSchema.parse({})),
  server: ServerConfigSchema.default(() => ServerConfigSchema.parse({})),
  scheduler: SchedulerConfigSchema.default(() => SchedulerConfigSchema.parse({})),
  safety: SafetyConfigSchema.default(() => SafetyConfigSchema.parse({})),
  mcp: McpConfigSchema.default(() => McpConfigSchema.parse({})),
  channels: ChannelsConfigSchema.default(() => ChannelsConfigSchema.parse({})),
  memory: MemoryConfigSchema.default(() => MemoryConfigSchema.parse({})),
  log: LogConfigSchema.default(() => LogConfigSchema.parse({})),
});

export type Config = z.infer<typeof ConfigSchema>;

export function defaultConfig(): Config {
  return ConfigSchema.parse({});
}
