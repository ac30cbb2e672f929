/**
 * The box's client ID metadata document (the MCP authorization spec's "Client ID Metadata
 * Documents", draft-ietf-oauth-client-id-metadata-document): what the person hosts at the https URL
 * of `mcp.client_metadata_url`, which the box then gives as its `client_id` to an authorization
 * server whose metadata says `client_id_metadata_document_supported` (the SDK's `clientMetadataUrl`),
 * instead of registering. `aibox mcp client-metadata` prints it. A public client: no secret, the
 * authorization-code grant with refresh, redirected to the login's loopback listener on any port
 * of 127.0.0.1 (RFC 8252, 7.3).
 */
import type { OAuthClientMetadata } from '@modelcontextprotocol/sdk/shared/auth.js';

/** Where a login is redirected to, less its port (a box with no login running never listens on it). */
export const LOOPBACK_REDIRECT = 'http://127.0.0.1/callback';

export type ClientMetadataDocument = OAuthClientMetadata & { client_id: string };

export function clientMetadataDocument(url: string): ClientMetadataDocument {
  return {
    client_id: url,
    client_name: 'Aibox',
    redirect_uris: [LOOPBACK_REDIRECT],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  };
}
