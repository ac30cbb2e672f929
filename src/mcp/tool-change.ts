/**
 * What differs between an MCP tool as it was allowed and as its server describes it now, in
 * words for the person asked again: the new description (it is what the model will read), the
 * arguments added, removed or redefined, the required ones, or that something else in the schema
 * moved. Both sides are the cleaned text and the checked schema the model is given.
 */
import type { McpMessages } from './messages.js';
import { type ApprovedTool, canonical } from './trust-store.js';

/** Longest piece of the new description quoted in the question. */
const MAX_QUOTE_CHARS = 300;

interface ToolNow {
  description: string;
  json: Record<string, unknown>;
}

type Props = Record<string, unknown>;

function propertiesOf(schema: unknown): Props {
  const properties = (schema as { properties?: unknown } | undefined)?.properties;
  return typeof properties === 'object' && properties !== null ? (properties as Props) : {};
}

function requiredOf(schema: unknown): string[] {
  const required = (schema as { required?: unknown } | undefined)?.required;
  return Array.isArray(required) ? required.map(String).sort() : [];
}

function quote(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MAX_QUOTE_CHARS ? `${line.slice(0, MAX_QUOTE_CHARS)}…` : line;
}

function schemaChanges(before: unknown, now: Record<string, unknown>, t: McpMessages): string[] {
  const was = propertiesOf(before);
  const is = propertiesOf(now);
  const added = Object.keys(is).filter((key) => !(key in was));
  const removed = Object.keys(was).filter((key) => !(key in is));
  const redefined = Object.keys(is).filter((key) => key in was && canonical(was[key]) !== canonical(is[key]));
  const parts: string[] = [];
  if (added.length > 0) parts.push(t.argumentsAdded(added.join(', ')));
  if (removed.length > 0) parts.push(t.argumentsRemoved(removed.join(', ')));
  if (redefined.length > 0) parts.push(t.argumentsRedefined(redefined.join(', ')));
  const required = requiredOf(now);
  if (canonical(requiredOf(before)) !== canonical(required))
    parts.push(t.requiredNow(required.length > 0 ? required.join(', ') : t.none));
  if (parts.length === 0 && canonical(before) !== canonical(now)) parts.push(t.schemaChangedOtherwise);
  return parts;
}

export function describeToolChange(before: ApprovedTool, now: ToolNow, t: McpMessages): string {
  if (before.description === undefined) return t.changeNotRecorded;
  const parts: string[] = [];
  if (before.description !== now.description) parts.push(t.descriptionNow(quote(now.description)));
  parts.push(...schemaChanges(before.inputSchema, now.json, t));
  return parts.length > 0 ? parts.join(t.listSeparator) : t.changeNotShown;
}
