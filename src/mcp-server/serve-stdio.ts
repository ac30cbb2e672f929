/**
 * `aibox mcp serve`: the box as an MCP server on stdin/stdout, for Claude Desktop, Cursor and
 * Claude Code configs. stdout carries only MCP messages (the logger writes to the log file),
 * and the app closes when the client closes stdin.
 */
import { existsSync } from 'node:fs';
import { createApp } from '../app/create-app.js';
import { CHANNEL_KINDS } from '../channels/channel-kinds.js';
import type { ContextOptions } from '../config/context.js';
import { resolveHome } from '../config/paths.js';
import { createAiboxMcpServer, servedLang, servedToolsOf } from './create-server.js';

/** How often subscribed resources are read again (the box that changes them is another process). */
const SUBSCRIPTION_INTERVAL_MS = 2000;

export async function serveStdio(options: ContextOptions): Promise<void> {
  // Before createApp makes it: a client started without AIBOX_HOME may be looking at a new, empty box.
  const newDataDir = !options.config && !existsSync(resolveHome());
  const app = await createApp({
    channels: CHANNEL_KINDS,
    ...(options.config ? { configPath: options.config } : {}),
    ...(options.lang ? { lang: options.lang } : {}),
    consoleLevel: 'silent',
    scheduler: false,
    watchSkills: false,
    // Its own MCP servers are not connected here: a client configuring this box must not start them all again.
    mcp: false,
  });
  const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js');
  const lang = servedLang(app, options.lang);
  const server = await createAiboxMcpServer(app, await servedToolsOf(app, lang), {
    subscriptionIntervalMs: SUBSCRIPTION_INTERVAL_MS,
    newDataDir,
    lang,
  });
  const closed = new Promise<void>((resolve) => {
    const stopWatching = server.onclose;
    server.onclose = () => {
      stopWatching?.();
      resolve();
    };
    process.stdin.once('end', resolve);
  });
  await server.connect(new StdioServerTransport());
  await closed;
  await server.close().catch(() => undefined);
  await app.close();
}
