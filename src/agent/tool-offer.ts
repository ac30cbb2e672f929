/**
 * The tool definitions one model round is offered. `default`: every tool as it describes itself.
 * `compact` (small and local models): the core tools with short descriptions, plus any other
 * tool once the model has called it by name in this turn (the system prompt lists their names,
 * `onDemandTools`). Every tool stays callable in both profiles; only what is sent differs.
 */

import type { Lang } from '../i18n/lang.js';
import type { ModelProfile } from '../providers/model-profile.js';
import type { ToolSpec } from '../providers/types.js';
import type { AnyTool } from '../tools/tool.js';
import { briefDescription, COMPACT_CORE_TOOLS, firstSentence } from './compact-tools.js';
import { toolSpecs } from './tool-specs.js';

const BRIEF_TOOL_CHARS = 120;
const BRIEF_PARAM_CHARS = 60;

/** zod's bounds of a plain integer: true of every number a model sends, so not worth its tokens. */
const SAFE_BOUND = new Set([Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]);

/** A copy of a JSON Schema with every `description` cut to its first sentence and no safe-integer bounds. */
function briefSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(briefSchema);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'description' && typeof value === 'string')
      out[key] = firstSentence(value, BRIEF_PARAM_CHARS);
    else if ((key === 'minimum' || key === 'maximum') && SAFE_BOUND.has(value as number)) continue;
    else out[key] = briefSchema(value);
  }
  return out;
}

const briefCache = new WeakMap<AnyTool, ToolSpec>();

function briefSpec(tool: AnyTool, lang: Lang): ToolSpec {
  let spec = briefCache.get(tool);
  if (!spec) {
    const [full] = toolSpecs([tool]) as [ToolSpec];
    spec = {
      name: full.name,
      description: briefDescription(tool, lang, BRIEF_TOOL_CHARS),
      parameters: briefSchema(full.parameters) as Record<string, unknown>,
    };
    briefCache.set(tool, spec);
  }
  return spec;
}

export interface ToolOffer {
  /** The definitions for the next model round. */
  specs(): ToolSpec[];
  /** The model called `name`: a compact turn offers that tool from the next round on. */
  called(name: string): void;
  /** Whether `name` is among the definitions the model was given. */
  offered(name: string): boolean;
}

export function createToolOffer(tools: readonly AnyTool[], profile: ModelProfile, lang: Lang): ToolOffer {
  if (profile === 'default') {
    const all = toolSpecs(tools);
    return { specs: () => all, called() {}, offered: (name) => tools.some((tool) => tool.name === name) };
  }
  const active = new Set(tools.filter((tool) => COMPACT_CORE_TOOLS.has(tool.name)).map((tool) => tool.name));
  const known = new Set(tools.map((tool) => tool.name));
  return {
    specs: () => tools.filter((tool) => active.has(tool.name)).map((tool) => briefSpec(tool, lang)),
    called(name) {
      if (known.has(name)) active.add(name);
    },
    offered: (name) => active.has(name),
  };
}
