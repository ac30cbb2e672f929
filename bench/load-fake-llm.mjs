/**
 * Loads the test suite's fake LLM server (test/helpers/fake-llm.ts and its steps file) into a
 * plain Node benchmark without a TypeScript runtime: those files import only node built-ins, `ws`
 * (resolved from here) and each other, so each is transpiled on its own with the project's `typescript` into a temp dir.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

const FILES = ['fake-llm.ts', 'fake-llm-steps.ts', 'fake-telegram.ts', 'fake-dingtalk.ts'];
/** Packages the fakes import, resolved from here (the transpiled copies live in a temp dir). */
const PACKAGES = { ws: import.meta.resolve('ws') };

/** @returns {Promise<typeof import('../test/helpers/fake-llm.ts')>} */
export function loadFakeLlm() {
  return loadFake('fake-llm.js');
}

/** The fake Telegram Bot API (test/helpers/fake-telegram.ts). */
export function loadFakeTelegram() {
  return loadFake('fake-telegram.js');
}

/** The fake DingTalk gateway and OpenAPI (test/helpers/fake-dingtalk.ts). */
export function loadFakeDingTalk() {
  return loadFake('fake-dingtalk.js');
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
    const resolved = outputText.replace(/from (['"])([^'".][^'"]*)\1/g, (whole, _q, name) =>
      PACKAGES[name] ? `from '${PACKAGES[name]}'` : whole,
    );
    writeFileSync(join(dir, file.replace(/\.ts$/, '.js')), resolved);
  }
  try {
    return await import(pathToFileURL(join(dir, entry)).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
