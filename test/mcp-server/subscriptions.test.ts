/**
 * `resources/subscribe` of the box's MCP server (as `aibox mcp serve` offers it), with the SDK's
 * client: a subscribed task list or memory list gets `notifications/resources/updated` when it
 * changes (the change made through the stores, as another process would); an unknown URI is
 * accepted; too many subscriptions or too long a URI are refused; /mcp-style servers offer none.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../src/app/create-app.js';
import { createAiboxMcpServer } from '../../src/mcp-server/create-server.js';
import { shareReads } from '../../src/mcp-server/subscriptions.js';
import { tempHome } from '../helpers/cli.js';
import { createQuietApp } from '../helpers/quiet-app.js';
import { testEnv } from '../server/harness.js';

let app: App;
const updates: string[] = [];
const waiters: { uri: string; resolve(): void }[] = [];

async function connect(subscriptionIntervalMs?: number) {
  const server = await createAiboxMcpServer(
    app,
    [],
    subscriptionIntervalMs ? { subscriptionIntervalMs } : {},
  );
  const client = new Client({ name: 'test', version: '1' });
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => {
    updates.push(notification.params.uri);
    for (const waiter of waiters.splice(0))
      if (waiter.uri === notification.params.uri) waiter.resolve();
      else waiters.push(waiter);
  });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(a), client.connect(b)]);
  return { server, client };
}
const updated = (uri: string) => new Promise<void>((resolve) => waiters.push({ uri, resolve }));

beforeAll(async () => {
  const home = tempHome('aibox-mcp-subscribe-');
  app = await createQuietApp({ home, env: testEnv(home), mcp: false });
});

afterAll(async () => {
  await app?.close();
});

describe('resource subscriptions', () => {
  it('tells a subscriber when the task list and the memories change', async () => {
    const { client, server } = await connect(20);
    expect(client.getServerCapabilities()?.resources?.subscribe).toBe(true);
    await client.subscribeResource({ uri: 'aibox://tasks' });
    await client.subscribeResource({ uri: 'aibox://memories' });
    await client.subscribeResource({ uri: 'test://watched-resource' });
    const tasks = updated('aibox://tasks');
    app.tasks.add({
      title: 'water the plants',
      schedule: { kind: 'once', start: '2030-01-01T09:00:00.000Z', timezone: 'UTC' },
    });
    await tasks;
    const memories = updated('aibox://memories');
    app.memory.save({ summary: 'likes green tea' });
    await memories;
    await client.unsubscribeResource({ uri: 'aibox://tasks' });
    expect(updates).not.toContain('test://watched-resource');
    await client.close();
    await server.close();
  });

  it('refuses too many subscriptions and too long a URI', async () => {
    const { client, server } = await connect(1000);
    for (let i = 0; i < 100; i++) await client.subscribeResource({ uri: `test://r/${i}` });
    await expect(client.subscribeResource({ uri: 'test://one-more' })).rejects.toThrow(
      /-32602: Subscription refused: at most 100 resources/,
    );
    await expect(client.subscribeResource({ uri: `test://${'x'.repeat(2001)}` })).rejects.toThrow(/-32602/);
    // Subscribing again to one it has is fine.
    await client.subscribeResource({ uri: 'test://r/0' });
    await client.close();
    await server.close();
  });

  it('offers none where the session does not last (a /mcp request without a session)', async () => {
    const { client, server } = await connect();
    expect(client.getServerCapabilities()?.resources?.subscribe).toBeUndefined();
    await expect(client.subscribeResource({ uri: 'aibox://tasks' })).rejects.toThrow();
    await client.close();
    await server.close();
  });
});

describe('reads shared by the sessions of /mcp', () => {
  it('reads a URI once for every session checking it within the time, and again after it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const shared = shareReads(1000);
      let reads = 0;
      const read = async () => `text ${++reads}`;
      const first = await Promise.all(Array.from({ length: 100 }, () => shared('aibox://memories', read)));
      expect(new Set(first)).toEqual(new Set(['text 1']));
      expect(await shared('aibox://tasks', read)).toBe('text 2');
      vi.advanceTimersByTime(1001);
      expect(await shared('aibox://memories', read)).toBe('text 3');
      expect(reads).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
