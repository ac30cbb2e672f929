/**
 * The schema is the one place a config key's facts live (src/config/key-facts.ts), and
 * docs/configuration.md says the same: every key of the schema has a row there with its type,
 * default and "applies" (live / restart, secret), and every row names a key of the schema. A key
 * added without its facts or its row, or a row that drifted (a key made live, a changed default),
 * fails here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  appliesLabel,
  configKeys,
  isSecretPath,
  keyOfPath,
  keysWithoutFacts,
  typeLabel,
} from '../../src/config/config-keys.js';

const DOC = new URL('../../docs/configuration.md', import.meta.url);

interface Row {
  key: string;
  type: string;
  default: string;
  applies: string;
}

/** The rows of the key tables (`| key | type | default | applies | meaning |`). */
function documentedKeys(): Row[] {
  const rows: Row[] = [];
  for (const line of readFileSync(DOC, 'utf8').split('\n')) {
    const cells = line.split(/(?<!\\)\|/).map((cell) => cell.trim());
    if (cells.length !== 7) continue;
    const key = /^`([a-z_.]+)`$/.exec(cells[1] ?? '')?.[1];
    const value = /^`(.*)`$/.exec(cells[3] ?? '')?.[1];
    if (key && value !== undefined)
      rows.push({ key, type: cells[2] ?? '', default: value, applies: cells[4] ?? '' });
  }
  return rows;
}

describe('config keys', () => {
  it('each carry their facts in the schema, with a line in both languages', () => {
    expect(keysWithoutFacts()).toEqual([]);
    expect(configKeys().length).toBeGreaterThan(80);
    for (const key of configKeys()) {
      expect(key.facts.zh.trim(), key.name).not.toBe('');
      expect(key.facts.en.trim(), key.name).not.toBe('');
      expect(key.facts.zh, key.name).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('are documented in docs/configuration.md row for row: type, default, live or restart, secret', () => {
    const byKey = (a: Row, b: Row) => a.key.localeCompare(b.key);
    const schema = configKeys().map((key) => ({
      key: key.name,
      type: typeLabel(key.jsonSchema),
      default: JSON.stringify(key.default),
      applies: appliesLabel(key.facts),
    }));
    expect([...documentedKeys()].sort(byKey)).toEqual([...schema].sort(byKey));
  });

  it('name their secrets in the schema, MCP env values and headers by pattern', () => {
    expect(isSecretPath(['server', 'token'])).toBe(true);
    expect(isSecretPath(['channels', 'dingtalk', 'client_secret'])).toBe(true);
    expect(isSecretPath(['mcp', 'servers', 'gh', 'env', 'GITHUB_TOKEN'])).toBe(true);
    expect(isSecretPath(['mcp', 'servers', 'web', 'headers', 'X.Api.Key'])).toBe(true);
    expect(isSecretPath(['mcp', 'servers', 'gh', 'env'])).toBe(false);
    expect(isSecretPath(['mcp', 'servers', 'gh', 'command'])).toBe(false);
    expect(isSecretPath(['server', 'port'])).toBe(false);
    expect(keyOfPath(['mcp', 'servers', 'gh', 'command'])?.name).toBe('mcp.servers');
    expect(keyOfPath(['channels', 'telegram', 'allowed_ids'])?.name).toBe('channels.telegram.allowed_ids');
  });
});
