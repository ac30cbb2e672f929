/** `aibox memory search --mode`: a wrong mode is named; vector search without embeddings says why. */
import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../../helpers/cli.js';

describe('aibox memory search --mode', () => {
  it('refuses a mode it does not know, and a vector search when no provider gives embeddings', async () => {
    const home = tempHome('aibox-mode-');
    const wrong = await runCli(['memory', 'search', 'x', '--mode', 'x'.repeat(5000)], { home });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('--mode');
    expect(wrong.stderr).toContain('keyword, vector or hybrid');
    expect(wrong.stderr.length).toBeLessThan(300);
    const vector = await runCli(['memory', 'search', 'coffee', '--mode', 'vector', '--lang', 'en'], { home });
    expect(vector.code).toBe(1);
    expect(vector.stderr).toMatch(/Cannot embed: deepseek has no embeddings endpoint/);
    const keyword = await runCli(['memory', 'search', 'coffee', '--mode', 'keyword', '--json'], { home });
    expect(keyword.code).toBe(0);
    expect(JSON.parse(keyword.stdout)).toMatchObject({ total: 0 });
  });
});
