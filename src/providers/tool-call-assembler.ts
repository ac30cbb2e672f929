/**
 * Assembles streamed tool-call deltas into complete calls: grouped by `index` (id from the
 * first delta that has one, name set when sent, arguments concatenated). Also accepted:
 * - servers that omit `index`: matched by id, or continuing the last call;
 * - one `index` reused for a second call: a delta with a new id at an index whose call is
 *   already complete (name set, arguments parse as JSON) starts a new call;
 * - `arguments` sent as a JSON object instead of a string: encoded as JSON.
 */
import type { ToolCall } from './types.js';

interface ToolCallDelta {
  index?: number;
  id?: string | null;
  function?: { name?: string | null; arguments?: unknown };
}

interface Partial {
  index: number;
  id: string;
  name: string;
  arguments: string;
}

/** The arguments of a delta as text: strings as sent, objects encoded. */
export function argumentsText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  return JSON.stringify(value);
}

export function parsesAsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function isComplete(call: Partial): boolean {
  return call.name !== '' && parsesAsJson(call.arguments);
}

export class ToolCallAssembler {
  /** In arrival order; `current` maps an index to its latest call. */
  private readonly calls: Partial[] = [];
  private readonly current = new Map<number, Partial>();
  private last: Partial | undefined;

  add(delta: ToolCallDelta): void {
    const call = this.callFor(delta);
    this.last = call;
    if (delta.id && !call.id) call.id = delta.id;
    if (delta.function?.name) call.name = delta.function.name;
    call.arguments += argumentsText(delta.function?.arguments);
  }

  /** The finished calls in index order (arrival order within one index); `makeId` names calls sent without an id. */
  finish(makeId: () => string): ToolCall[] {
    return [...this.calls]
      .sort((a, b) => a.index - b.index)
      .map((call) => ({
        id: call.id || makeId(),
        type: 'function' as const,
        function: { name: call.name, arguments: call.arguments },
      }));
  }

  private start(index: number): Partial {
    const call: Partial = { index, id: '', name: '', arguments: '' };
    this.calls.push(call);
    this.current.set(index, call);
    return call;
  }

  private callFor(delta: ToolCallDelta): Partial {
    if (typeof delta.index === 'number') {
      const known = this.current.get(delta.index);
      if (!known) return this.start(delta.index);
      const another = delta.id && known.id && delta.id !== known.id && isComplete(known);
      return another ? this.start(delta.index) : known;
    }
    if (delta.id) {
      const same = this.calls.find((call) => call.id === delta.id);
      if (same) return same;
      const next = this.calls.length === 0 ? 0 : Math.max(...this.calls.map((call) => call.index)) + 1;
      return this.start(next);
    }
    return this.last ?? this.start(0);
  }
}
