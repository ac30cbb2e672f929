/** MCP tool input schemas come from servers nobody here wrote: a bad one disables that tool, with a reason. */
import { describe, expect, it } from 'vitest';
import { formatCallResult } from '../../src/mcp/format-result.js';
import { checkInputSchema } from '../../src/mcp/input-schema.js';
import { mcpMessages } from '../../src/mcp/messages.js';
import { modelToolNames, qualifiedToolName } from '../../src/mcp/tool-names.js';

const t = mcpMessages('en');

function nested(depth: number): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: 'string' };
  for (let i = 0; i < depth; i++) schema = { type: 'object', properties: { x: schema } };
  return schema;
}

describe('checkInputSchema', () => {
  it('turns a good schema into a validator and keeps the JSON for the model', () => {
    const checked = checkInputSchema(
      {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: { n: { type: 'integer', minimum: 1 } },
        required: ['n'],
      },
      t,
    );
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.json).not.toHaveProperty('$schema');
    expect(checked.parameters.safeParse({ n: 2 }).success).toBe(true);
    expect(checked.parameters.safeParse({ n: 0 }).success).toBe(false);
    expect(checked.parameters.safeParse({}).success).toBe(false);
  });

  it('refuses what it cannot check, saying why', () => {
    expect(checkInputSchema(null, t)).toEqual({ ok: false, reason: 'inputSchema is not an object' });
    expect(checkInputSchema({ type: 'array' }, t)).toEqual({
      ok: false,
      reason: 'inputSchema.type is "array", not "object"',
    });
    expect(checkInputSchema({ type: 'object', properties: { a: { type: 'bogus' } } }, t)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^inputSchema cannot be checked: .*bogus/),
    });
    expect(checkInputSchema(nested(40), t)).toEqual({
      ok: false,
      reason: 'inputSchema is nested deeper than 32 levels',
    });
    const huge = {
      type: 'object',
      properties: Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`p${i}`, { type: 'string' }])),
    };
    expect(checkInputSchema(huge, t)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('larger than'),
    });
  });

  it('names tools server__tool within what OpenAI-compatible APIs accept', () => {
    expect(qualifiedToolName('fs', 'read_file')).toBe('fs__read_file');
    expect(qualifiedToolName('fs', 'read file')).toBeNull();
    expect(qualifiedToolName('fs', 'x'.repeat(70))).toBeNull();
  });

  it('maps names with . and / to valid ones, the same whatever the order the server lists them in', () => {
    const tools = ['repo.get', 'repo_get', 'files/read', 'a.b', 'a/b', 'bad name'];
    const names = modelToolNames('gh', tools);
    expect(names.get('repo_get')).toBe('gh__repo_get');
    expect(names.get('repo.get')).toMatch(/^gh__repo_get_[0-9a-f]{6}$/);
    expect(names.get('files/read')).toBe('gh__files-read');
    expect(names.get('a.b')).toBe('gh__a_b');
    expect(names.get('a/b')).toBe('gh__a-b');
    expect(names.get('bad name')).toBeNull();
    expect(new Set(names.values()).size).toBe(tools.length);
    expect(modelToolNames('gh', [...tools].reverse())).toEqual(names);
  });

  it('formats results: text, images handed on with a note, embedded resources, errors', () => {
    const result = formatCallResult(
      {
        content: [
          { type: 'text', text: '第一行' },
          { type: 'image', data: 'AAAA', mimeType: 'image/png' },
          { type: 'image', data: 'AAAA', mimeType: 'image/svg+xml' },
          { type: 'resource', resource: { uri: 'file:///a.txt', text: 'inside' } },
          { type: 'resource_link', uri: 'file:///b', name: 'b' },
        ],
        isError: true,
      },
      t,
    );
    expect(result.ok).toBe(false);
    expect(result.content).toBe(
      "第一行\n[image: image/png, about 3 bytes, given after this round's tool results]\n[image: image/svg+xml, about 3 bytes, not shown]\n[file:///a.txt]\ninside\n[resource link: b file:///b]",
    );
    // The PNG's bytes go on to the turn (checked there like any picture); an SVG is only named.
    expect(result.pictures).toEqual([Buffer.from('AAAA', 'base64')]);
    const many = Array.from({ length: 6 }, () => ({ type: 'image', data: 'AAAA', mimeType: 'image/jpeg' }));
    expect(formatCallResult({ content: many }, t).pictures).toHaveLength(4);
    expect(formatCallResult({ content: [], structuredContent: { a: 1 } }, t).content).toContain('"a": 1');
    expect(formatCallResult({}, t)).toEqual({ ok: true, content: '(the tool returned no content)' });
  });
});
