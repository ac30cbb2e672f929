import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { selfCommand } from '../../src/cli/self-command.js';
import { tempHome } from '../helpers/cli.js';

/** A fake install: `root/dist/cli/main.js`, and a bin dir per name with `aibox` linked to a target. */
function layout() {
  const root = tempHome('aibox-self-');
  mkdirSync(join(root, 'dist', 'cli'), { recursive: true });
  const script = join(root, 'dist', 'cli', 'main.js');
  writeFileSync(script, '#!/usr/bin/env node\n');
  chmodSync(script, 0o755);
  const bin = (name: string, target: string) => {
    const dir = join(root, name);
    mkdirSync(dir);
    symlinkSync(target, join(dir, 'aibox'));
    return dir;
  };
  return { root, script, bin };
}

describe('selfCommand', () => {
  it('suggests npm run aibox -- when an npm script of this package started it', () => {
    const { root, script } = layout();
    const env = { npm_lifecycle_event: 'start', npm_package_json: join(root, 'package.json'), PATH: '' };
    expect(selfCommand({ env, script, packageRoot: root })).toBe('npm run aibox --');
  });

  it('does not suggest npm for an npm script of another package', () => {
    const { root, script } = layout();
    const env = { npm_lifecycle_event: 'start', npm_package_json: '/elsewhere/package.json', PATH: '' };
    expect(selfCommand({ env, script, packageRoot: root })).toBe(`node ${script}`);
  });

  it('suggests aibox when the first aibox on PATH is this program (npm link)', () => {
    const { root, script, bin } = layout();
    const linked = bin('linked', script);
    const env = { PATH: ['', join(root, 'missing'), linked].join(delimiter) };
    expect(selfCommand({ env, script, packageRoot: root })).toBe('aibox');
  });

  it('passes over what the shell would not run: a directory or a file without the run bit named aibox', () => {
    const { root, script, bin } = layout();
    const folder = join(root, 'folder');
    mkdirSync(join(folder, 'aibox'), { recursive: true });
    const plain = join(root, 'plain');
    mkdirSync(plain);
    writeFileSync(join(plain, 'aibox'), '#!/bin/sh\n', { mode: 0o644 });
    const env = { PATH: [folder, plain, bin('linked', script)].join(delimiter) };
    expect(selfCommand({ env, script, packageRoot: root })).toBe('aibox');
  });

  it('suggests node and the script when aibox is not on PATH, or is another program', () => {
    const { root, script, bin } = layout();
    expect(selfCommand({ env: { PATH: join(root, 'missing') }, script, packageRoot: root })).toBe(
      `node ${script}`,
    );
    const other = join(root, 'other-aibox');
    writeFileSync(other, '#!/bin/sh\n', { mode: 0o755 });
    const shadowing = [bin('other', other), bin('linked', script)].join(delimiter);
    expect(selfCommand({ env: { PATH: shadowing }, script, packageRoot: root })).toBe(`node ${script}`);
  });

  it('quotes a script path the shell would split', () => {
    const { root } = layout();
    const script = join(root, "my box's", 'main.js');
    expect(selfCommand({ env: { PATH: '' }, script, packageRoot: root })).toBe(
      `node '${join(root, "my box'\\''s", 'main.js')}'`,
    );
  });
});
