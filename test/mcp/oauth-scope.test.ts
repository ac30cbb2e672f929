/** Scopes as the box combines them (src/mcp/oauth-scope.ts): joined without repeats, a 403's challenge read, hostile headers ignored. */
import { describe, expect, it } from 'vitest';
import { challengedScope, coversScopes, joinScopes } from '../../src/mcp/oauth-scope.js';

describe('OAuth scopes', () => {
  it('joins lists without repeats and tells whether one covers another', () => {
    expect(joinScopes('mcp:basic', 'mcp:basic  mcp:write', undefined)).toBe('mcp:basic mcp:write');
    expect(joinScopes(undefined, '')).toBeUndefined();
    expect(joinScopes('a "b" c\\d')).toBe('a');
    expect(joinScopes(Array.from({ length: 80 }, (_, i) => `s${i}`).join(' '))?.split(' ')).toHaveLength(50);
    expect(coversScopes('a b c', 'c a')).toBe(true);
    expect(coversScopes('a', 'a b')).toBe(false);
    expect(coversScopes(undefined, undefined)).toBe(true);
  });

  it("reads the scope of a 403's insufficient_scope challenge, nothing else", () => {
    expect(
      challengedScope(
        'Bearer scope="mcp:basic mcp:write", resource_metadata="https://x/.well-known/x", error="insufficient_scope"',
      ),
    ).toBe('mcp:basic mcp:write');
    expect(challengedScope('Bearer error="insufficient_scope", scope="admin"')).toBe('admin');
    expect(challengedScope('Bearer error="invalid_token", scope="admin"')).toBeUndefined();
    expect(challengedScope(null)).toBeUndefined();
    expect(challengedScope(`Bearer error="insufficient_scope", scope="${'a'.repeat(5000)}"`)).toBeUndefined();
  });
});
