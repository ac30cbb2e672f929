/**
 * Aibox as an MCP server (low-level SDK `Server`, loaded on first use): the served tools with
 * their JSON Schemas and annotations, run with the same argument checks as the agent loop; the
 * Markdown skills as prompts; skills, memories and tasks as read-only resources; completion of
 * skill names; logging and progress while a tool runs. Used by `aibox mcp serve` (stdio) and by
 * `/mcp` (Streamable HTTP) on the server's port.
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { z } from 'zod';
import { toolParametersSchema } from '../agent/tool-specs.js';
import type { AppServices } from '../app/services.js';
import { describeError } from '../errors.js';
import { isLang, type Lang } from '../i18n/lang.js';
import { providerMessages } from '../providers/messages.js';
import { withResultLimit } from '../tools/result-limit.js';
import type { AnyTool } from '../tools/tool.js';
import { createCallReporter, type LogLevelState } from './call-reporter.js';
import { complete } from './completion.js';
import { mcpServerMessages } from './messages.js';
import { BadCursorError } from './paging.js';
import { INVALID_PARAMS, McpRequestError } from './request-error.js';
import { listResources, listResourceTemplates, readResource } from './resources.js';
import { createServedTools } from './served-tools.js';
import { getSkillPrompt, listSkillPrompts } from './skill-prompts.js';
import { MAX_SUBSCRIPTIONS, MAX_URI_CHARS, type SharedReads, watchResources } from './subscriptions.js';
import { annotationsOf } from './tool-annotations.js';

/**
 * The language of what other apps are given: `aibox mcp serve --lang`, else `mcp.serve_lang`
 * (English unless told otherwise: the client's model and its person need not read the box's).
 */
export function servedLang(app: Pick<AppServices, 'config'>, flag?: string): Lang {
  return isLang(flag) ? flag : app.config.mcp.serve_lang;
}

/** The served tools in `lang` (default: servedLang), size-limited like every tool result. */
export async function servedToolsOf(app: AppServices, lang: Lang = servedLang(app)): Promise<AnyTool[]> {
  const byName = new Map((await app.builtinTools(lang)).map((tool) => [tool.name, tool]));
  return createServedTools({ app, lang, builtin: (name) => byName.get(name) }).map((tool) =>
    withResultLimit(tool, app.resultLimiter),
  );
}

interface ServerOptions {
  /**
   * Offer `resources/subscribe` (subscriptions.ts), read again every this many ms: only where a
   * session lasts (stdio, a session of `/mcp`); absent: not offered.
   */
  subscriptionIntervalMs?: number;
  /** Where several sessions share the process (`/mcp`): their reads of one URI, shared (subscriptions.ts). */
  sharedReads?: SharedReads;
  /**
   * Announce `notifications/prompts/list_changed` and `notifications/resources/list_changed` when
   * the box's skills change: where a session lasts and the skills are watched (`/mcp`).
   */
  skillListChanges?: boolean;
  /** The data dir did not exist before this process: said at `initialize` (a client without AIBOX_HOME). */
  newDataDir?: boolean;
  /** The language of every text served (default: servedLang); the tools' must be the same. */
  lang?: Lang;
}

/** Calls `stop` once the server closes, after what was to run then already. */
export function atClose(server: Server, stop: () => void): void {
  const closed = server.onclose;
  server.onclose = () => {
    stop();
    closed?.();
  };
}

export async function createAiboxMcpServer(
  app: AppServices,
  tools: AnyTool[],
  options: ServerOptions = {},
): Promise<Server> {
  const [{ Server }, types] = await Promise.all([
    import('@modelcontextprotocol/sdk/server/index.js'),
    import('@modelcontextprotocol/sdk/types.js'),
  ]);
  const lang = options.lang ?? servedLang(app);
  const t = mcpServerMessages(lang);
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  // What is missing is said at `initialize`, where a client started with a bare environment shows it.
  const info = app.provider.info;
  const keyMissing = byName.has('ask') && !info.hasKey && info.keyEnv !== '';
  const instructions = [
    t.instructions,
    ...(options.newDataDir ? [t.newDataDir(app.paths.home)] : []),
    ...(keyMissing
      ? [t.noModelKey(providerMessages(lang).noKey(info.keyEnv, info.provider), app.paths.home)]
      : []),
  ].join('\n\n');
  const server = new Server(
    { name: 'aibox', version: app.version },
    { capabilities: { tools: {}, prompts: {}, resources: {}, completions: {} }, instructions },
  );
  // Logging is declared here, not in the constructor, so the level is the box's own (see call-reporter.ts).
  server.registerCapabilities({ logging: {} });
  const logLevel: LogLevelState = {};
  server.setRequestHandler(types.SetLevelRequestSchema, async (request) => {
    logLevel.level = request.params.level;
    return {};
  });
  const paged = <T>(list: () => T): T => {
    try {
      return list();
    } catch (error) {
      if (error instanceof BadCursorError)
        throw new McpRequestError(INVALID_PARAMS, t.badCursor(error.message));
      throw error;
    }
  };
  server.setRequestHandler(types.ListPromptsRequestSchema, async (request) =>
    paged(() => listSkillPrompts(app, lang, request.params?.cursor)),
  );
  server.setRequestHandler(types.GetPromptRequestSchema, async (request) =>
    getSkillPrompt(app, lang, request.params.name, request.params.arguments),
  );
  server.setRequestHandler(types.ListResourcesRequestSchema, async (request) =>
    paged(() => listResources(app, lang, request.params?.cursor)),
  );
  server.setRequestHandler(types.ListResourceTemplatesRequestSchema, async () => listResourceTemplates(lang));
  server.setRequestHandler(types.ReadResourceRequestSchema, async (request) =>
    readResource(app, lang, request.params.uri),
  );
  const intervalMs = options.subscriptionIntervalMs;
  if (intervalMs !== undefined) {
    server.registerCapabilities({ resources: { subscribe: true } });
    const watch = watchResources({
      read: (uri) => {
        const read = async () => {
          try {
            return JSON.stringify(readResource(app, lang, uri).contents);
          } catch {
            return undefined;
          }
        };
        return options.sharedReads ? options.sharedReads(uri, read) : read();
      },
      updated: (uri) => server.sendResourceUpdated({ uri }),
      intervalMs,
    });
    server.setRequestHandler(types.SubscribeRequestSchema, async (request) => {
      if (!watch.subscribe(request.params.uri))
        throw new McpRequestError(INVALID_PARAMS, t.tooManySubscriptions(MAX_SUBSCRIPTIONS, MAX_URI_CHARS));
      return {};
    });
    server.setRequestHandler(types.UnsubscribeRequestSchema, async (request) => {
      watch.unsubscribe(request.params.uri);
      return {};
    });
    atClose(server, () => watch.close());
  }
  if (options.skillListChanges) {
    server.registerCapabilities({ prompts: { listChanged: true }, resources: { listChanged: true } });
    // Skills are prompts and resources; a failed send (the client went away) changes nothing here.
    const off = app.skills.onChange(() => {
      void server.sendPromptListChanged().catch(() => undefined);
      void server.sendResourceListChanged().catch(() => undefined);
    });
    atClose(server, off);
  }
  server.setRequestHandler(types.CompleteRequestSchema, async (request) => complete(app, request.params));
  server.setRequestHandler(types.ListToolsRequestSchema, async () => ({
    tools: tools.map((tool) => {
      const annotations = annotationsOf(tool.name, lang);
      return {
        name: tool.name,
        description: tool.description,
        inputSchema: toolParametersSchema(tool.parameters) as { type: 'object' },
        ...(annotations ? { annotations } : {}),
      };
    }),
  }));
  server.setRequestHandler(types.CallToolRequestSchema, async (request, extra) => {
    const text = (content: string, isError: boolean) => ({
      content: [{ type: 'text' as const, text: content }],
      isError,
    });
    const tool = byName.get(request.params.name);
    if (!tool) return text(t.unknownTool(request.params.name), true);
    const args = tool.parameters.safeParse(request.params.arguments ?? {});
    if (!args.success) return text(t.invalidArgs(tool.name, z.prettifyError(args.error)), true);
    const id = String(extra.requestId);
    const reporter = createCallReporter({
      progressToken: request.params._meta?.progressToken,
      logLevel,
      send: (notification) => extra.sendNotification(notification),
    });
    try {
      // Nobody can be asked from here (no requestApproval): whatever needs a person's yes is refused.
      const result = await tool.execute(args.data, {
        signal: extra.signal,
        output: (stream, chunk) => reporter.say(stream === 'stderr' ? 'notice' : 'info', chunk),
        sessionId: 'mcp',
        turnId: `mcp-${id}`,
        callId: id,
        lang,
        audience: 'mcp',
      });
      return { ...text(result.content, !result.ok), ...(result.meta ? { _meta: result.meta } : {}) };
    } catch (error) {
      return text(describeError(error), true);
    } finally {
      reporter.end();
    }
  });
  return server;
}
