/**
 * What the box's MCP client offers a server besides calling its tools, declared before
 * `initialize`: `roots` (the workspace dir and the directories the server's entry names, src/mcp/roots.ts) and, when a
 * sampler is given and the server's `sampling` is not `deny`, `sampling/createMessage`
 * (src/mcp/sampling.ts); elicitation in form mode (src/mcp/elicitation.ts). One sampling request
 * and one form run at a time per server, at most `MAX_SAMPLING_PER_CALL` and
 * `MAX_ELICITATIONS_PER_CALL` during one tool call: a server cannot spend the budget, or the
 * person's attention, in a loop.
 */
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Lang } from '../i18n/lang.js';
import { answerElicitation } from './elicitation.js';
import { mcpMessages } from './messages.js';
import {
  answerSampling,
  type McpSampler,
  SAMPLING_REFUSED,
  type SamplingOrigin,
  type SamplingPolicy,
} from './sampling.js';
import { loadTypesSdk } from './sdk.js';

export const MAX_SAMPLING_PER_CALL = 10;
/** Forms one tool call may ask for; more are declined without asking anyone. */
export const MAX_ELICITATIONS_PER_CALL = 10;

export interface ClientCapabilityOptions {
  server: string;
  lang: Lang;
  /** Directories offered as roots (src/mcp/roots.ts); empty: no roots. */
  roots: readonly string[];
  sampler?: McpSampler;
  sampling: SamplingPolicy;
  /** How long a person has to fill in a form (`mcp.elicitation_timeout_s`), read at each request. */
  elicitationTimeoutS(): number;
  /** The tool call running now on this server, if any (the latest when several run). */
  origin(): SamplingOrigin | undefined;
}

export async function offerClientCapabilities(
  client: Client,
  options: ClientCapabilityOptions,
): Promise<void> {
  const { ListRootsRequestSchema, CreateMessageRequestSchema, ElicitRequestSchema } = await loadTypesSdk();
  const { roots, sampler } = options;
  if (roots.length > 0) {
    client.registerCapabilities({ roots: {} });
    client.setRequestHandler(ListRootsRequestSchema, () => ({
      roots: roots.map((dir, i) => ({
        uri: pathToFileURL(dir).href,
        name: i === 0 ? 'workspace' : basename(dir),
      })),
    }));
  }
  client.registerCapabilities({ elicitation: { form: {} } });
  // One form at a time per server, and a few per tool call: a server sending a thousand
  // requests gets them declined at once, and the person sees one.
  let asking = false;
  const formsPerCall = new WeakMap<SamplingOrigin, number>();
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    // The SDK refuses URL mode itself, since only form mode is declared.
    if (request.params.mode === 'url' || asking) return { action: 'decline' };
    const origin = options.origin();
    if (origin) {
      const count = (formsPerCall.get(origin) ?? 0) + 1;
      if (count > MAX_ELICITATIONS_PER_CALL) return { action: 'decline' };
      formsPerCall.set(origin, count);
    }
    asking = true;
    try {
      return await answerElicitation(request.params, {
        server: options.server,
        lang: options.lang,
        origin,
        timeoutS: options.elicitationTimeoutS(),
      });
    } finally {
      asking = false;
    }
  });
  if (!sampler || options.sampling === 'deny') return;
  client.registerCapabilities({ sampling: {} });
  let running = false;
  const perCall = new WeakMap<SamplingOrigin, number>();
  client.setRequestHandler(CreateMessageRequestSchema, async (request, extra) => {
    const origin = options.origin();
    const t = mcpMessages(origin?.lang ?? options.lang);
    const refuse = (message: string) => Object.assign(new Error(message), { code: SAMPLING_REFUSED });
    if (running) throw refuse(t.samplingBusy(options.server));
    if (origin) {
      const count = (perCall.get(origin) ?? 0) + 1;
      if (count > MAX_SAMPLING_PER_CALL)
        throw refuse(t.samplingTooOften(options.server, MAX_SAMPLING_PER_CALL));
      perCall.set(origin, count);
    }
    running = true;
    try {
      return await answerSampling(request.params, {
        server: options.server,
        policy: options.sampling,
        lang: options.lang,
        origin,
        sampler,
        signal: extra.signal,
      });
    } finally {
      running = false;
    }
  });
}
