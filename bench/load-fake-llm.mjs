/**
 * Loads the test suite's fake LLM server (test/helpers/fake-llm.ts and its steps file) into a
 * plain Node benchmark without a TypeScript runtime: those files import only node built-ins and
 * each other, so each is transpiled on its own with the project's `typescript` into a temp dir.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

const FILES = ['fake-llm.ts', 'fake-llm-steps.ts', 'fake-telegram.ts'];

/** @returns {Promise<typeof import('../test/helpers/fake-llm.ts')>} */
export function loadFakeLlm() {
  return loadFake('fake-llm.js');
}

/** The fake Telegram Bot API (test/helpers/fake-telegram.ts). */
export function loadFakeTelegram() {
  return loadFake('fake-telegram.js');
}

async function loadFake(entry) {
  const dir = mkdtempSync(join(tmpdir(), 'aibox-bench-'));
  writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
  for (const file of FILES) {
    const source = readFileSync(new URL(`../test/helpers/${file}`, import.meta.url), 'utf8');
    const { outputText } = ts.transpileModule(source, {
      compilerOptions: {
        module: ts.ModuleKind.ESNext,
        target: ts.ScriptTarget.ES2022,
        verbatimModuleSyntax: true,
      },
    });
    writeFileSync(join(dir, file.replace(/\.ts$/, '.js')), outputText);
  }
  try {
    return await import(pathToFileURL(join(dir, entry)).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
