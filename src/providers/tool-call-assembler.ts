/**
 * Assembles streamed tool-call deltas into complete calls: grouped by `index`
 * (id from the first delta that has one, name set when sent, arguments concatenated).
 * Servers that omit `index` are handled by id, or by continuing the last call.
 */
import type { ToolCall } from './types.js';

interface ToolCallDelta {
  index?: number;
  id?: string;
  function?: { name?: string; arguments?: string };
}

interface Partial {
  id: string;
  name: string;
  arguments: string;
}

export class ToolCallAssembler {
  private readonly calls = new Map<number, Partial>();
  private lastIndex = -1;

  add(delta: ToolCallDelta): void {
    const index = this.indexOf(delta);
    let call = this.calls.get(index);
    if (!call) {
      call = { id: '', name: '', arguments: '' };
      this.calls.set(index, call);
    }
    this.lastIndex = index;
    if (delta.id && !call.id) call.id = delta.id;
    if (delta.function?.name) call.name = delta.function.name;
    if (delta.function?.arguments) call.arguments += delta.function.arguments;
  }

  /** The finished calls in index order; `makeId` names calls the server sent without an id. */
  finish(makeId: () => string): ToolCall[] {
    return [...this.calls.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, call]) => ({
        id: call.id || makeId(),
        type: 'function' as const,
        function: { name: call.name, arguments: call.arguments },
      }));
  }

  private indexOf(delta: ToolCallDelta): number {
    if (typeof delta.index === 'number') return delta.index;
    if (delta.id) {
      for (const [index, call] of this.calls) if (call.id === delta.id) return index;
      return this.calls.size === 0 ? 0 : Math.max(...this.calls.keys()) + 1;
    }
    return Math.max(this.lastIndex, 0);
  }
}
