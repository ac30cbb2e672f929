/**
 * The MCP SDK, imported on first use only: it pulls in ajv and more, and a box without MCP
 * servers must start as fast and as small as before (docs/benchmarks.md).
 */
export const loadClientSdk = () => import('@modelcontextprotocol/sdk/client/index.js');
export const loadStdioSdk = () => import('@modelcontextprotocol/sdk/client/stdio.js');
export const loadStreamableHttpSdk = () => import('@modelcontextprotocol/sdk/client/streamableHttp.js');
export const loadSseSdk = () => import('@modelcontextprotocol/sdk/client/sse.js');
export const loadTypesSdk = () => import('@modelcontextprotocol/sdk/types.js');
export const loadAuthSdk = () => import('@modelcontextprotocol/sdk/client/auth.js');
export const loadAuthExtensionsSdk = () => import('@modelcontextprotocol/sdk/client/auth-extensions.js');
