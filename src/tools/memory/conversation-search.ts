/**
 * conversation_search: search over past conversations (every session's, archived ones included),
 * by keyword and, with embeddings on, by meaning, for "what did we say about X last week". A chat
 * that is not the owner's finds only its own conversations (the memory scope). What comes back is
 * old text, shown as data; a search that could not compare meanings says it was by keyword only.
 */
import { z } from 'zod';
import { chatSessionId, parseChatTarget } from '../../chats/chat-target.js';
import type { ConversationSearch } from '../../conversations/conversation-search.js';
import type { Lang } from '../../i18n/lang.js';
import type { ScopeOfSession } from '../../memory/types.js';
import { cleanText } from '../../util/untrusted-text.js';
import { failure } from '../format.js';
import type { Tool } from '../tool.js';
import { memoryToolMessages } from './messages.js';

function schema(lang: Lang) {
  const m = memoryToolMessages(lang);
  return z.object({
    query: z.string().max(500).describe(m.conversationQuery),
    limit: z.int().min(1).max(20).optional().describe(m.conversationLimit),
  });
}

type ConversationSearchArgs = z.infer<ReturnType<typeof schema>>;

/** A chat's own session (`telegram:42` → `telegram-42`); a scope that names no chat sees none. */
const sessionOfChat = (chat: string) => {
  const target = parseChatTarget(chat);
  return target ? chatSessionId(target) : chat;
};

export function createConversationSearchTool(options: {
  search: ConversationSearch;
  lang: Lang;
  scopeOf?: ScopeOfSession;
}): Tool<ConversationSearchArgs> {
  return {
    name: 'conversation_search',
    description: memoryToolMessages(options.lang).conversationDescription,
    parameters: schema(options.lang),
    async execute(args, ctx) {
      const t = memoryToolMessages(ctx.lang);
      const query = args.query.trim();
      if (!query) return failure(t.needQuery);
      const chat = options.scopeOf?.(ctx.sessionId);
      const { hits, mode } = await options.search.search(query, {
        limit: args.limit ?? 8,
        signal: ctx.signal,
        ...(chat === undefined ? {} : { sessionId: sessionOfChat(chat) }),
      });
      const how = mode === 'keyword' ? ` ${t.conversationKeywordOnly}` : '';
      if (hits.length === 0) return { ok: true, content: `${t.conversationNone(query)}${how}` };
      const lines = hits.map(
        (hit) =>
          `- [${hit.createdAt} · ${hit.sessionId} · ${hit.role === 'user' ? t.roleUser : t.roleAssistant}] ${cleanText(hit.snippet).replace(/\s+/g, ' ')}`,
      );
      return { ok: true, content: [`${t.conversationTitle(query, hits.length)}${how}`, ...lines].join('\n') };
    },
  };
}
