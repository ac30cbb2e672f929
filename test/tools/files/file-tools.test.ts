import { chmodSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createListFilesTool } from '../../../src/tools/files/list-files.js';
import { createReadFileTool } from '../../../src/tools/files/read-file.js';
import { createWriteFileTool } from '../../../src/tools/files/write-file.js';
import { makeContext, tempDir } from '../../helpers/tool-context.js';

const numbered = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join('\n');

describe('read_file', () => {
  const workspace = tempDir();
  writeFileSync(join(workspace, 'ten.txt'), `${numbered(10)}\n`);
  const tool = createReadFileTool({ lang: 'en', workspace, maxBytes: () => 1024 * 1024 });
  const read = (args: Record<string, unknown>) => tool.execute(tool.parameters.parse(args), makeContext());

  it('reads a relative path against the workspace with line numbers and a continuation hint', async () => {
    const result = await read({ filepath: 'ten.txt', max_lines: 3 });
    expect(result.ok).toBe(true);
    expect(result.content).toContain('     1 | line 1');
    expect(result.content).toContain('     3 | line 3');
    expect(result.content).not.toContain('line 4');
    expect(result.content).toContain('total lines: 10');
    expect(result.content).toContain('7 more lines not shown; continue with start_line=4');
  });

  it('reads a start/end range, head and tail', async () => {
    const range = await read({ filepath: 'ten.txt', start_line: 4, end_line: 6 });
    expect(range.content).toMatch(/4 \| line 4\n.*5 \| line 5\n.*6 \| line 6\n/);
    expect(range.content).not.toContain('line 7');
    expect(range.untrusted).toBe('file');
    const head = await read({ filepath: 'ten.txt', head: 2 });
    expect(head.content).toContain('head (1-2)');
    const tail = await read({ filepath: 'ten.txt', tail: true, max_lines: 2 });
    expect(tail.content).toContain('tail (9-10)');
    expect(tail.content).toContain('    10 | line 10');
    expect(tail.content).not.toContain('line 8');
  });

  it('rejects a reversed range and a start past the end, and reports a missing file', async () => {
    expect((await read({ filepath: 'ten.txt', start_line: 5, end_line: 2 })).content).toContain(
      'Invalid line range: 5-2',
    );
    expect((await read({ filepath: 'ten.txt', start_line: 50 })).content).toContain(
      'past the end of the file (10 lines)',
    );
    const missing = await read({ filepath: 'nope.txt' });
    expect(missing.ok).toBe(false);
    expect(missing.content).toContain(`File not found: ${join(workspace, 'nope.txt')}`);
    expect(missing.untrusted).toBeUndefined();
  });

  it('reads an empty file', async () => {
    writeFileSync(join(workspace, 'empty.txt'), '');
    const head = await read({ filepath: 'empty.txt' });
    expect(head.ok).toBe(true);
    expect(head.content).toContain('total lines: 0');
    expect(head.content).toContain('(nothing to show)');
    const tail = await read({ filepath: 'empty.txt', tail: true });
    expect(tail.content).toContain('(nothing to show)');
  });

  it('says a binary file is binary, and a directory is not a file', async () => {
    writeFileSync(join(workspace, 'blob.bin'), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2, 3, 0, 0]));
    const binary = await read({ filepath: 'blob.bin' });
    expect(binary.ok).toBe(false);
    expect(binary.content).toContain('binary file');
    expect((await read({ filepath: '.' })).content).toContain('Not a regular file');
  });

  it('reads the start and the end of a file larger than the cap without reading it whole', async () => {
    const dir = tempDir();
    const big = join(dir, 'big.log');
    writeFileSync(big, `${numbered(5000)}\n`); // ~44 KB
    const capped = createReadFileTool({ lang: 'en', workspace: dir, maxBytes: () => 4096 });
    const ctx = makeContext();
    const head = await capped.execute(capped.parameters.parse({ filepath: 'big.log', max_lines: 5 }), ctx);
    expect(head.ok).toBe(true);
    expect(head.content).toContain('     5 | line 5');
    expect(head.content).toContain('total lines: not counted');
    expect(head.content).toContain('Large file');
    const tail = await capped.execute(capped.parameters.parse({ filepath: 'big.log', tail: 3 }), ctx);
    expect(tail.content).toContain('| line 5000');
    expect(tail.content).toContain('| line 4998');
    expect(tail.content).not.toContain('line 4997');
    const far = await capped.execute(
      capped.parameters.parse({ filepath: 'big.log', start_line: 3000, max_lines: 2 }),
      ctx,
    );
    expect(far.content).toContain('per-read limit');
    expect(far.content).not.toContain('line 3000');
  });

  it('cuts an enormous single line instead of holding it', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'min.js'), `${'x'.repeat(100_000)}\nshort\n`);
    const t = createReadFileTool({ lang: 'zh', workspace: dir, maxBytes: () => 1024 * 1024 });
    const result = await t.execute(t.parameters.parse({ filepath: 'min.js' }), makeContext({ lang: 'zh' }));
    expect(result.content).toContain('此行过长，已截断，共 100000 字节');
    expect(result.content).toContain('     2 | short');
    expect(result.content.length).toBeLessThan(5000);
  });
});

describe('write_file', () => {
  it('writes atomically, creates parent dirs, appends, and reports sizes', async () => {
    const workspace = tempDir();
    const tool = createWriteFileTool({ lang: 'en', workspace });
    const write = (args: Record<string, unknown>) => tool.execute(tool.parameters.parse(args), makeContext());
    const created = await write({ filepath: 'a/b/c.txt', content: 'hello\n' });
    expect(created.ok).toBe(true);
    expect(created.content).toContain('new file created (6 bytes)');
    const path = join(workspace, 'a/b/c.txt');
    expect(readFileSync(path, 'utf8')).toBe('hello\n');
    chmodSync(path, 0o640);
    const appended = await write({ filepath: path, content: '世界\n', mode: 'a' });
    expect(appended.content).toContain('Appended to file');
    expect(appended.content).toContain('6 -> 13 bytes');
    expect(readFileSync(path, 'utf8')).toBe('hello\n世界\n');
    expect(statSync(path).mode & 0o777).toBe(0o640);
    const overwritten = await write({ filepath: path, content: 'x' });
    expect(overwritten.content).toContain('13 -> 1 bytes');
    // No temp files are left next to the target.
    expect(readdirSync(join(workspace, 'a/b'))).toEqual(['c.txt']);
  });

  it('refuses to overwrite a directory', async () => {
    const workspace = tempDir();
    mkdirSync(join(workspace, 'd'));
    const tool = createWriteFileTool({ lang: 'zh', workspace });
    const result = await tool.execute(
      tool.parameters.parse({ filepath: 'd', content: 'x' }),
      makeContext({ lang: 'zh' }),
    );
    expect(result.ok).toBe(false);
    expect(result.content).toContain('目标是一个目录');
  });
});

describe('list_files', () => {
  it('lists directories first, sorted, with sizes, hiding dot files unless asked, and cuts long listings', async () => {
    const workspace = tempDir();
    mkdirSync(join(workspace, 'zdir'));
    mkdirSync(join(workspace, 'adir'));
    writeFileSync(join(workspace, 'b.txt'), 'x'.repeat(2048));
    writeFileSync(join(workspace, 'a.txt'), 'hi');
    writeFileSync(join(workspace, '.hidden'), '');
    const tool = createListFilesTool({ lang: 'en', workspace });
    const list = (args: Record<string, unknown>) => tool.execute(tool.parameters.parse(args), makeContext());
    const result = await list({});
    expect(result.content).toContain('📁 adir/\n    📁 zdir/\n    📄 a.txt (2 B)\n    📄 b.txt (2.0 KB)');
    expect(result.content).not.toContain('.hidden');
    expect(result.content).toContain('2 files, 2 directories');
    expect((await list({ show_hidden: true })).content).toContain('.hidden');
    const short = await list({ limit: 2 });
    expect(short.content).toContain('2 more entries not shown');
    const missing = await list({ directory: 'nope' });
    expect(missing.ok).toBe(false);
    expect(missing.content).toContain('Directory not found');
  });
});
