/**
 * What `/mcp` tells a client that came without the token (`server.token` set), as the MCP
 * authorization spec and RFC 9728 describe: a 401 whose `WWW-Authenticate: Bearer` names the
 * protected-resource metadata, and that metadata at
 * `/.well-known/oauth-protected-resource/mcp`. The metadata names no authorization server: the
 * token is set up by hand (docs/mcp.md), there is no OAuth flow to start.
 */
import type { Context } from 'hono';

export const MCP_RESOURCE_METADATA_PATH = '/.well-known/oauth-protected-resource/mcp';

/** The `WWW-Authenticate` value for a request to `/mcp`; `invalid_token` when one was presented. */
export function mcpChallenge(c: Context, presented: boolean): string {
  const origin = new URL(c.req.url).origin;
  const error = presented ? 'error="invalid_token", ' : '';
  return `Bearer ${error}resource_metadata="${origin}${MCP_RESOURCE_METADATA_PATH}"`;
}

export function mcpResourceMetadata(c: Context): Response {
  const origin = new URL(c.req.url).origin;
  c.header('cache-control', 'no-store');
  return c.json({ resource: `${origin}/mcp`, bearer_methods_supported: ['header'], resource_name: 'Aibox' });
}
