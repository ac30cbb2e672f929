/**
 * `completion/complete`: skill names for the `name` of `aibox://skills/{name}`, by prefix (case
 * ignored), at most 100 (the spec's limit) with the total. Every other argument has no known set of
 * values: the answer is an empty list, never an error.
 */
import type { CompleteRequest, CompleteResult } from '@modelcontextprotocol/sdk/types.js';
import type { AppServices } from '../app/services.js';
import { SKILL_TEMPLATE } from './resources.js';

const MAX_VALUES = 100;

export function complete(app: AppServices, params: CompleteRequest['params']): CompleteResult {
  const { ref, argument } = params;
  const none = { completion: { values: [], total: 0, hasMore: false } };
  if (ref.type !== 'ref/resource' || ref.uri !== SKILL_TEMPLATE || argument.name !== 'name') return none;
  const prefix = argument.value.slice(0, 100).toLowerCase();
  const names = app.skills
    .list()
    .filter((skill) => skill.status === 'ok' && skill.name.toLowerCase().startsWith(prefix))
    .map((skill) => skill.name);
  return {
    completion: {
      values: names.slice(0, MAX_VALUES),
      total: names.length,
      hasMore: names.length > MAX_VALUES,
    },
  };
}
