/** Skills by meaning: vectors per skill, fused with keyword ranking, remade only for changed skills. */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEmbedder } from '../../../src/providers/embeddings/embedder.js';
import { createSkillMeaning } from '../../../src/skills/meaning/skill-vectors.js';
import { createSkillRegistry } from '../../../src/skills/registry.js';
import { type FakeEmbeddings, startFakeEmbeddings } from '../../helpers/fake-embeddings.js';
import { registriesClosedAfterEach, tempDir } from '../fixtures.js';

const open = registriesClosedAfterEach();
let embeddings: FakeEmbeddings;
beforeEach(async () => {
  embeddings = await startFakeEmbeddings();
});
afterEach(() => embeddings.close());

function embedder() {
  return createEmbedder(
    {
      enabled: true,
      provider: 'custom',
      baseUrl: embeddings.baseUrl,
      model: 'fake-embed',
      dimensions: 64,
      apiKey: '',
      batchSize: 10,
    },
    { timeoutMs: 5000, lang: 'en' },
  );
}

describe('search_skills by meaning', () => {
  it('finds an English skill for a Chinese request no keyword matches, and embeds only what changed', async () => {
    const dir = tempDir();
    const home = tempDir();
    writeFileSync(join(dir, 'coach.md'), '# Plan a marathon week\n\nLong slow distance on Sunday.\n');
    writeFileSync(join(dir, 'forecast.md'), '# Weather forecast for a city\n\nAsk wttr.in.\n');
    writeFileSync(join(dir, 'beans.md'), '# Order coffee beans\n\nOpen the shop page.\n');
    const skills = await createSkillRegistry({ dir, lang: 'en' });
    open.push(skills);
    const file = join(home, '.skills-vectors.json');
    const meaning = createSkillMeaning({ skills, embedder: embedder(), file });
    await meaning.refresh();
    expect(embeddings.texts()).toBe(3);

    const request = '下周想去慢跑';
    expect(skills.search(request).hits.map((h) => h.skill.name)).not.toContain('coach');
    const found = await meaning.search(request, 3);
    expect(found.byMeaning).toBe(true);
    expect(found.hits[0]?.skill.name).toBe('coach');

    // A restart reads the vectors back: nothing is embedded again; a changed skill is.
    meaning.close();
    writeFileSync(join(dir, 'beans.md'), '# Order a latte\n');
    await skills.reload();
    const again = createSkillMeaning({ skills, embedder: embedder(), file });
    await again.refresh();
    expect(embeddings.texts()).toBe(5); // 3 skills, the query above, the changed skill
    expect(Object.keys(JSON.parse(readFileSync(file, 'utf8')).skills).sort()).toEqual([
      'beans',
      'coach',
      'forecast',
    ]);
    again.close();
  });

  it("embeds a Markdown skill's summary and body, an Agent Skill's SKILL.md body too, and again only when they change", async () => {
    const dir = tempDir();
    const home = tempDir();
    writeFileSync(join(dir, 'recipe.md'), '# Check a recipe\n\nWarn when it has peanuts in it.\n');
    mkdirSync(join(dir, 'trail-plan'));
    const skillFile = join(dir, 'trail-plan', 'SKILL.md');
    writeFileSync(
      skillFile,
      '---\nname: trail-plan\ndescription: Plans a weekend outdoors\n---\nLong jogging routes by the river.\n',
    );
    const skills = await createSkillRegistry({ dir, lang: 'en' });
    open.push(skills);
    const file = join(home, '.skills-vectors.json');
    const meaning = createSkillMeaning({ skills, embedder: embedder(), file });
    await meaning.refresh();
    const sent = embeddings.requests.flatMap((r) => r.input);
    expect(sent).toHaveLength(2);
    expect(sent.find((text) => text.startsWith('recipe:'))).toMatch(/Check a recipe[\s\S]*peanuts/);
    expect(sent.find((text) => text.startsWith('trail-plan:'))).toMatch(
      /Plans a weekend outdoors[\s\S]*jogging routes/,
    );
    // Found by what only the body says.
    const found = await meaning.search('慢跑', 3);
    expect(found.hits[0]?.skill.name).toBe('trail-plan');
    expect((await meaning.search('花生过敏', 3)).hits[0]?.skill.name).toBe('recipe');

    // A reload with nothing changed (a file written again as it was) embeds nothing.
    const before = embeddings.texts();
    writeFileSync(join(dir, 'recipe.md'), '# Check a recipe\n\nWarn when it has peanuts in it.\n');
    await skills.reload();
    await meaning.refresh();
    expect(embeddings.texts()).toBe(before);
    // A body changed (the summary not): that skill alone, with its new body.
    writeFileSync(
      skillFile,
      '---\nname: trail-plan\ndescription: Plans a weekend outdoors\n---\nBring coffee for the hike.\n',
    );
    await skills.reload();
    await meaning.refresh();
    expect(embeddings.texts()).toBe(before + 1);
    expect(embeddings.requests.at(-1)?.input[0]).toMatch(/^trail-plan:[\s\S]*Bring coffee/);
    meaning.close();
  });

  it('ranks by keyword alone when the query cannot be embedded', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'procs.md'), '# List the processes on this machine\n');
    const skills = await createSkillRegistry({ dir, lang: 'en' });
    open.push(skills);
    const meaning = createSkillMeaning({ skills, embedder: embedder(), file: join(tempDir(), 'v.json') });
    await meaning.refresh();
    embeddings.failNext(2);
    const found = await meaning.search('processes', 3);
    expect(found.byMeaning).toBe(false);
    expect(found.hits.map((h) => h.skill.name)).toEqual(['procs']);
    meaning.close();
  });

  it('remakes a damaged or foreign vectors file instead of trusting it', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'coach.md'), '# Plan a marathon week\n');
    const skills = await createSkillRegistry({ dir, lang: 'en' });
    open.push(skills);
    const file = join(tempDir(), '.skills-vectors.json');
    const bad = [
      '{"model": "fake-embed/64", "skills": {"coach": {"hash": "x", "v": "not base64 of floats!"}}',
      JSON.stringify({ model: 'fake-embed/64', skills: { coach: { hash: 1, v: [1, 2] }, evil: null } }),
      JSON.stringify({ model: 'fake-embed/64', skills: { coach: { hash: 'h', v: 'AAA=' } } }),
      '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[',
    ];
    for (const text of bad) {
      writeFileSync(file, text);
      const meaning = createSkillMeaning({ skills, embedder: embedder(), file });
      await meaning.refresh();
      const stored = JSON.parse(readFileSync(file, 'utf8'));
      expect(Object.keys(stored.skills)).toEqual(['coach']);
      expect(Buffer.from(stored.skills.coach.v, 'base64').byteLength).toBe(64 * 4);
      meaning.close();
    }
  });
});
