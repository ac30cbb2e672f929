/**
 * Loads the test suite's fake LLM server (test/helpers/fake-llm.ts and its steps file) into a
 * plain Node benchmark without a TypeScript runtime: those files import only node built-ins,
 * installed packages and each other, so each is transpiled on its own with the project's
 * `typescript` into a temp dir under node_modules/.cache (where packages resolve).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

const FILES = [
  'fake-llm.ts',
  'fake-llm-steps.ts',
  'call-log.ts',
  'fake-telegram.ts',
  'fake-dingtalk.ts',
  'fake-lark.ts',
  'fake-qq.ts',
  'fake-wecom.ts',
  'fake-wechat.ts',
  'multipart.ts',
];

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

/** The fake WeCom intelligent robot long connection (test/helpers/fake-wecom.ts). */
export function loadFakeWeCom() {
  return loadFake('fake-wecom.js');
}

/** The fake Feishu/Lark open platform (test/helpers/fake-lark.ts). */
export function loadFakeLark() {
  return loadFake('fake-lark.js');
}

/** The fake QQ bot platform: token, OpenAPI and WebSocket gateway (test/helpers/fake-qq.ts). */
export function loadFakeQq() {
  return loadFake('fake-qq.js');
}

/** The fake iLink bot API of personal WeChat (test/helpers/fake-wechat.ts). */
export function loadFakeWeChat() {
  return loadFake('fake-wechat.js');
}

async function loadFake(entry) {
  const cache = fileURLToPath(new URL('../node_modules/.cache', import.meta.url));
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'aibox-bench-'));
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
