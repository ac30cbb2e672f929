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
writeFileSync(
  join(home, 'config.json'),
  JSON.stringify({
    lang: 'en',
    llm: { provider: 'custom', base_url: 'http://127.0.0.1:9/v1', model: 'm', api_key_env: '' },
    skills: { watch: false, install_examples: false },
    scheduler: { enabled: false },
    safety: { mode: 'off' },
    mcp: { servers: { conformance: { url, timeout_s: 20 } } },
  }),
);
const known = { add_numbers: { a: 2, b: 3 } };
// The auth scenarios: `aibox mcp login` first, its browser step a fetch that follows the
// authorization server's redirect to the login's loopback callback.
if (process.env.MCP_CONFORMANCE_SCENARIO?.startsWith('auth/')) {
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
}
const { CHANNEL_KINDS } = await import(pathToFileURL(join(root, 'dist/channels/channel-kinds.js')).href);
const app = await createApp({
  home,
  consoleLevel: 'silent',
  scheduler: false,
  watchSkills: false,
  channels: CHANNEL_KINDS,
});
let failed = false;
try {
  await app.mcp.settled();
  for (const status of app.mcp.status()) console.log(`${status.name}: ${status.state} ${status.error ?? ''}`);
  for (const tool of app.mcp.tools()) {
    const name = tool.name.slice('conformance__'.length);
    const result = await tool.execute(known[name] ?? {}, {
      signal: AbortSignal.timeout(20_000),
      output: () => undefined,
      sessionId: 'conformance',
      turnId: 'conformance-1',
      callId: name,
      lang: 'en',
      // The run stands in for the person: a server's sampling or elicitation request is answered yes.
      requestApproval: async () => ({ approved: true, how: 'allow' }),
    });
    console.log(`${tool.name}: ${result.ok ? 'ok' : 'failed'}: ${result.content.slice(0, 300)}`);
    failed ||= !result.ok;
  }
} finally {
  await app.close();
  rmSync(home, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
