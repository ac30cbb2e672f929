/** The page's skill search ranks as search_skills does: keyword and meaning fused when embeddings are on. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiRoutes } from '../../../src/server/api/routes.js';
import { type BoxApp, createBoxApp } from '../../e2e/fixture.js';
import { type FakeEmbeddings, startFakeEmbeddings } from '../../helpers/fake-embeddings.js';

let box: BoxApp;
let embeddings: FakeEmbeddings;

beforeAll(async () => {
  embeddings = await startFakeEmbeddings();
  box = await createBoxApp({
    lang: 'en',
    scheduler: false,
    config: {
      memory: {
        embeddings: { provider: 'custom', base_url: embeddings.baseUrl, model: 'fake-embed', dimensions: 64 },
      },
    },
  });
  writeFileSync(
    join(box.app.paths.skills, 'coach.md'),
    '# Plan a marathon week\n\nLong slow distance on Sunday.\n',
  );
  await box.app.skills.reload();
});
afterAll(async () => {
  await box?.app.close();
  await box?.llm.close();
  await embeddings?.close();
});

describe('/api/skills/search with embeddings on', () => {
  it('finds an English skill for a Chinese request no keyword matches, and says it searched by meaning', async () => {
    const api = createApiRoutes(box.app);
    const request = encodeURIComponent('下周想去慢跑');
    expect(box.app.skills.search('下周想去慢跑').hits.map((h) => h.skill.name)).not.toContain('coach');
    await expect
      .poll(async () => {
        const body = (await (await api.request(`/skills/search?q=${request}&limit=3`)).json()) as {
          byMeaning?: boolean;
          hits: { skill: { name: string } }[];
        };
        return [body.byMeaning, body.hits[0]?.skill.name];
      })
      .toEqual([true, 'coach']);
  });
});
