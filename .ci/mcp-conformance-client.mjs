// The client under test for the MCP conformance suite's client scenarios (.ci/mcp-conformance):
// a box (built dist/) whose one MCP server is the scenario's URL, the last argument. It connects
// the way `aibox serve` does, then calls each tool the server offers once, through the box's own
// MCP tool (the same path a model's call takes; safety.mode "off"), with every approval answered yes.
// Arguments: the scenario's known ones (tools_call's add_numbers), else none.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const url = process.argv.at(-1);
const root = resolve(import.meta.dirname, '..');
const { createApp } = await import(pathToFileURL(join(root, 'dist/app/create-app.js')).href);
const home = mkdtempSync(join(tmpdir(), 'aibox-mcp-conformance-'));
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
// A client registered beforehand (the suite's context): its id and secret, or its private key in
// a file, as a person would put them in the entry (`aibox mcp add … --client-id …`).
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}');
const entry = { url, timeout_s: 20 };
if (context.client_id) {
  entry.client_id = context.client_id;
  if (context.client_secret) entry.client_secret = context.client_secret;
  if (context.private_key_pem) {
    writeFileSync(join(home, 'client-key.pem'), context.private_key_pem, { mode: 0o600 });
    entry.private_key = join(home, 'client-key.pem');
  }
  if (scenario.startsWith('auth/client-credentials')) entry.grant = 'client_credentials';
  // Cross-app access: the person's ID token from the suite's identity provider, in the file a
  // sign-in tool would keep it in.
  if (context.idp_id_token) {
    writeFileSync(join(home, 'id-token'), context.idp_id_token, { mode: 0o600 });
    entry.grant = 'cross_app_access';
    entry.idp = {
      token_endpoint: context.idp_token_endpoint,
      client_id: context.idp_client_id,
      id_token_file: join(home, 'id-token'),
    };
  }
}
// For the auth scenarios, a client metadata document's URL, the one the suite expects (its
// basic-cimd scenario: the box hosts none, and the suite's authorization server fetches none): used
// where the authorization server says it takes one, else the box registers as before.
const mcp = { servers: { conformance: entry } };
if (scenario.startsWith('auth/'))
  mcp.client_metadata_url = 'https://conformance-test.local/client-metadata.json';
writeFileSync(
  join(home, 'config.json'),
  JSON.stringify({
    lang: 'en',
    llm: { provider: 'custom', base_url: 'http://127.0.0.1:9/v1', model: 'm', api_key_env: '' },
    skills: { watch: false, install_examples: false },
    scheduler: { enabled: false },
    safety: { mode: 'off' },
    mcp,
  }),
);
const known = { add_numbers: { a: 2, b: 3 } };
// The auth scenarios: `aibox mcp login` (its browser step a fetch that follows the authorization
// server's redirect to the login's loopback callback), first and again whenever the box says a
// login is needed (a server asking for more scope once connected), at most three times: the run
// does what the person does. The client-credentials grant and cross-app access need no login.
let logins = 0;
const login = async () => {
  logins++;
  const { resolveCliContext } = await import(pathToFileURL(join(root, 'dist/config/context.js')).href);
  const { loginMcpServer } = await import(pathToFileURL(join(root, 'dist/cli/commands/mcp-login.js')).href);
  const browser = join(home, 'browser.sh');
  writeFileSync(
    browser,
    `#!/bin/sh\nexec "${process.execPath}" -e 'fetch(process.argv[1]).then((r) => r.text()).catch(() => {})' "$1"\n`,
    { mode: 0o755 },
  );
  const env = { ...process.env, AIBOX_HOME: home, BROWSER: browser };
  const ctx = await resolveCliContext({}, env);
  console.log(
    await loginMcpServer(ctx, 'conformance', env).catch((error) => `login failed: ${error.message}`),
  );
};
const wantsLogin = (text) => logins < 3 && /run aibox mcp login/.test(text ?? '');
if (scenario.startsWith('auth/') && entry.grant === undefined) await login();
const { CHANNEL_KINDS } = await import(pathToFileURL(join(root, 'dist/channels/channel-kinds.js')).href);
const app = await createApp({
  home,
  consoleLevel: 'silent',
  scheduler: false,
  watchSkills: false,
  channels: CHANNEL_KINDS,
});
let failed = false;
const reconnect = async () => {
  const { servers } = app.config.mcp;
  await app.mcp.reconfigure({});
  await app.mcp.reconfigure(servers);
  await app.mcp.settled();
};
const call = (tool, name) =>
  tool.execute(known[name] ?? {}, {
    signal: AbortSignal.timeout(20_000),
    output: () => undefined,
    sessionId: 'conformance',
    turnId: 'conformance-1',
    callId: name,
    lang: 'en',
    // The run stands in for the person: a server's sampling or elicitation request is answered yes.
    requestApproval: async () => ({ approved: true, how: 'allow' }),
  });
try {
  await app.mcp.settled();
  while (wantsLogin(app.mcp.status()[0]?.error)) {
    await login();
    await reconnect();
  }
  for (const status of app.mcp.status()) console.log(`${status.name}: ${status.state} ${status.error ?? ''}`);
  for (const tool of app.mcp.tools()) {
    const name = tool.name.slice('conformance__'.length);
    let result = await call(tool, name);
    while (!result.ok && wantsLogin(result.content)) {
      await login();
      result = await call(tool, name);
    }
    console.log(`${tool.name}: ${result.ok ? 'ok' : 'failed'}: ${result.content.slice(0, 300)}`);
    failed ||= !result.ok;
  }
} finally {
  await app.close();
  rmSync(home, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
