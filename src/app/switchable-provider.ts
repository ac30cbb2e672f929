/**
 * The box's model provider, which a reload of `llm.*` replaces: every call goes to the provider
 * of the moment (a turn that started keeps the one it began with for its running request).
 */
import type { ChatProvider } from '../providers/types.js';

export interface SwitchableProvider extends ChatProvider {
  replace(next: ChatProvider): void;
}

export function switchableProvider(initial: ChatProvider): SwitchableProvider {
  let current = initial;
  return {
    get info() {
      return current.info;
    },
    stream: (request, signal) => current.stream(request, signal),
    complete: (request, signal) => current.complete(request, signal),
    replace(next) {
      current = next;
    },
  };
}
