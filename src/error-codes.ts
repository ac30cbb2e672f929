/**
 * Every error code Aibox produces, in one table: the codes of `AppError` and those clients see
 * (`/api` and `/v1` JSON errors, WebSocket `error` frames). Keys are snake_case. `wire` is given only
 * where clients already know another spelling (the skill codes `/api` has always sent); everywhere
 * else the key is what goes on the wire. `status` is the HTTP status when the code answers a request:
 * 4xx is the caller's fault, 5xx the box's or a vendor's. docs/errors.md lists this table (a test
 * compares the two).
 *
 * Separate vocabularies that never reach a client as such: provider codes (`ProviderErrorCode`,
 * sent on as `llm_<code>` or a turn code), worker-pool codes (`WorkerJobErrorCode`) and errno
 * strings of failed spawns.
 */

/** The statuses the table uses (all carry a JSON body). */
export type ErrorHttpStatus = 400 | 401 | 403 | 404 | 405 | 409 | 413 | 429 | 500 | 502 | 503 | 504;

interface ErrorCodeSpec {
  readonly status: ErrorHttpStatus;
  /** The spelling clients know, when it is not the key. */
  readonly wire?: string;
}

const ERROR_CODES = {
  // Requests and frames
  bad_request: { status: 400 },
  bad_json: { status: 400 },
  invalid_json: { status: 400 },
  invalid_request: { status: 400 },
  no_user_message: { status: 400 },
  last_message_not_user: { status: 400 },
  unsupported_parameter: { status: 400 },
  too_large: { status: 413 },
  bad_picture: { status: 400 },
  upload_not_found: { status: 404 },
  not_found: { status: 404 },
  model_not_found: { status: 404 },
  method_not_allowed: { status: 405 },
  unauthorized: { status: 401 },
  invalid_api_key: { status: 401 },
  no_token_configured: { status: 401 },
  forbidden_host: { status: 403 },
  forbidden_origin: { status: 403 },
  client_key_required: { status: 403 },
  already_decided: { status: 409 },
  conflict: { status: 409 },
  invalid_values: { status: 400 },
  unknown_command: { status: 404 },
  queue_full: { status: 429 },
  too_many_sessions: { status: 429 },
  // Turns
  aborted: { status: 500 },
  budget_exceeded: { status: 429 },
  runaway: { status: 500 },
  malformed_tool_calls: { status: 502 },
  llm_unavailable: { status: 502 },
  llm_error: { status: 502 },
  internal: { status: 500 },
  // provider.complete(): `llm_` + the provider's code
  llm_no_key: { status: 502 },
  llm_not_configured: { status: 502 },
  llm_network: { status: 502 },
  llm_timeout: { status: 502 },
  llm_rate_limit: { status: 502 },
  llm_auth: { status: 502 },
  llm_bad_response: { status: 502 },
  llm_too_long: { status: 502 },
  llm_aborted: { status: 502 },
  // Skills (upper-case wire spellings kept for existing clients of /api)
  skill_not_found: { status: 404, wire: 'SKILL_NOT_FOUND' },
  skill_exists: { status: 409, wire: 'SKILL_EXISTS' },
  skill_source_missing: { status: 404, wire: 'SKILL_SOURCE_MISSING' },
  skill_source_not_file: { status: 400, wire: 'SKILL_SOURCE_NOT_FILE' },
  skill_source_in_dir: { status: 400, wire: 'SKILL_SOURCE_IN_DIR' },
  skill_bad_name: { status: 400, wire: 'SKILL_BAD_NAME' },
  skill_name_is_command: { status: 400, wire: 'SKILL_NAME_IS_COMMAND' },
  skill_probe_failed: { status: 400, wire: 'SKILL_PROBE_FAILED' },
  skill_invalid: { status: 400, wire: 'SKILL_INVALID' },
  skill_archive_invalid: { status: 400, wire: 'SKILL_ARCHIVE_INVALID' },
  /** The install scan found high-risk content and nobody confirmed (details.findings). */
  skill_scan_refused: { status: 409, wire: 'SKILL_SCAN_REFUSED' },
  skill_broken: { status: 400, wire: 'SKILL_BROKEN' },
  skill_read_failed: { status: 500, wire: 'SKILL_READ_FAILED' },
  // Tasks and schedules
  task_not_found: { status: 404 },
  bad_time: { status: 400 },
  bad_every: { status: 400 },
  bad_cron: { status: 400 },
  bad_timezone: { status: 400 },
  bad_schedule: { status: 400 },
  too_frequent: { status: 400 },
  bad_notify: { status: 400 },
  // Command line and start-up
  bad_argument: { status: 400 },
  file_exists: { status: 409 },
  config_invalid: { status: 500 },
  settings_invalid: { status: 400 },
  database_damaged: { status: 500 },
  database_too_new: { status: 500 },
  migration_failed: { status: 500 },
  migrating: { status: 503 },
  box_running: { status: 409 },
  snapshot_not_found: { status: 404 },
  snapshot_invalid: { status: 400 },
  port_in_use: { status: 500 },
  server_insecure: { status: 500 },
  sandbox_unavailable: { status: 500 },
  // Tools: fetching pages
  bad_url: { status: 400 },
  scheme: { status: 400 },
  blocked_address: { status: 403 },
  dns: { status: 502 },
  network: { status: 502 },
  redirects: { status: 502 },
  not_text: { status: 502 },
  timeout: { status: 504 },
  // Tools: MCP servers and the tool set
  mcp_not_connected: { status: 503 },
  mcp_timeout: { status: 504 },
  duplicate_tool: { status: 500 },
} as const satisfies Record<string, ErrorCodeSpec>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** A subset of `ErrorCode` for a narrower type (`ErrorCodeOf<'a' | 'b'>`): a misspelt member is a type error. */
export type ErrorCodeOf<T extends ErrorCode> = T;

export const ALL_ERROR_CODES = Object.keys(ERROR_CODES) as ErrorCode[];

/** The HTTP status of a request that ends with `code`. */
export function httpStatusOf(code: ErrorCode): ErrorHttpStatus {
  return ERROR_CODES[code].status;
}

/** How `code` is spelt on the wire. */
export function wireCodeOf(code: ErrorCode): string {
  const spec: ErrorCodeSpec = ERROR_CODES[code];
  return spec.wire ?? code;
}

/** 4xx: the request (or frame, or argument) was wrong; 5xx: the box or a vendor failed. */
export function isClientFault(code: ErrorCode): boolean {
  return httpStatusOf(code) < 500;
}
