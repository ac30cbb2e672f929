// Puts `aibox mcp serve` (stdio) behind Streamable HTTP, for the MCP conformance suite, whose
// server scenarios only take a URL (.ci/mcp-conformance). Each HTTP session starts its own
// `aibox mcp serve` child (AIBOX_HOME from the environment) and passes messages both ways
// unchanged, on the SDK's own transports. A message from the child that is not a response (a
// progress or log notification, a request) goes with the latest request still open, which is the
// one it belongs to while the suite sends one request at a time. Prints `listening PORT`.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';

const cli = join(resolve(import.meta.dirname, '..'), 'dist/cli/main.js');
const sessions = new Map();

async function openSession() {
  const child = new StdioClientTransport({
    command: process.execPath,
    args: [cli, 'mcp', 'serve'],
    env: { ...process.env },
    stderr: 'inherit',
  });
  const open = [];
  const http = new StreamableHTTPServerTransport({
    sessionIdGenerator: randomUUID,
    onsessioninitialized: (id) => sessions.set(id, http),
  });
  http.onmessage = (message) => {
    if ('id' in message && 'method' in message) open.push(message.id);
    void child.send(message);
  };
  child.onmessage = (message) => {
    const isResponse = 'id' in message && !('method' in message);
    if (isResponse) open.splice(open.indexOf(message.id), 1);
    const related = isResponse ? undefined : open.at(-1);
    void http.send(message, related === undefined ? undefined : { relatedRequestId: related });
  };
  http.onclose = () => {
    if (http.sessionId) sessions.delete(http.sessionId);
    void child.close();
  };
  child.onclose = () => void http.close();
  await child.start();
  await http.start();
  return http;
}

const server = createServer(async (req, res) => {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  let body;
  try {
    body = chunks.length > 0 ? JSON.parse(Buffer.concat(chunks).toString()) : undefined;
  } catch {
    res.writeHead(400).end('bad json');
    return;
  }
  const id = req.headers['mcp-session-id'];
  let transport = typeof id === 'string' ? sessions.get(id) : undefined;
  if (!transport && id === undefined && req.method === 'POST' && isInitializeRequest(body))
    transport = await openSession();
  if (!transport) {
    res.writeHead(id === undefined ? 400 : 404, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'no such session' }, id: null }),
    );
    return;
  }
  await transport.handleRequest(req, res, body);
});
server.listen(0, '127.0.0.1', () => console.log(`listening ${server.address().port}`));
