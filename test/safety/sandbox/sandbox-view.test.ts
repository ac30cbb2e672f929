/**
 * What the sandbox shows (src/safety/sandbox/sandbox-view.ts), with real bubblewrap: an allow-list on an
 * empty read-only root; the data dir absent apart from the workspace and skills dir inside it,
 * also when the workspace is the home that holds the data dir.
 */
import { lstatSync, mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bwrapArgs } from '../../../src/safety/sandbox/sandbox.js';
import { runProcess } from '../../../src/util/run-process.js';
import { tempDir } from '../../helpers/tool-context.js';

function layout(workspaceInHome: boolean) {
  const home = realpathSync(tempDir('aibox-view-'));
  const data = join(home, '.aibox');
  const skills = join(data, 'skills');
  const workspace = workspaceInHome ? home : join(data, 'workspace');
  for (const dir of [
    skills,
    join(data, 'workspace'),
    join(data, 'tool_results'),
    join(home, '.config', 'app'),
  ])
    mkdirSync(dir, { recursive: true });
  writeFileSync(join(data, 'config.json'), '{"token":"t"}');
  writeFileSync(join(data, 'tool_results', 'other.txt'), 'other session');
  writeFileSync(join(home, '.config', 'app', 'settings'), 'x');
  writeFileSync(join(skills, 'weather.sh'), '#!/bin/sh\n');
  return {
    home,
    data,
    skills,
    workspace,
    view: { workspace, skillsDir: skills, home, dataDirs: [data], hidden: [] },
  };
}

async function inSandbox(view: Parameters<typeof bwrapArgs>[0], command: string): Promise<string> {
  const run = await runProcess({
    command: 'bwrap',
    args: bwrapArgs(view, command, view.workspace ?? '/tmp'),
    env: { PATH: '/usr/bin:/bin' },
    timeoutMs: 10_000,
  });
  return run.stdout.toString('utf8') + run.stderr.toString('utf8');
}

describe('sandbox view', () => {
  it('keeps system symlinks as symlinks and ends with a read-only root', () => {
    const { view } = layout(false);
    const args = bwrapArgs(view, 'true', view.workspace);
    if (lstatSync('/bin').isSymbolicLink()) expect(args.join(' ')).toContain('--symlink usr/bin /bin');
    expect(args).not.toContain('/run/user');
    expect(args.slice(args.indexOf('--remount-ro'), args.indexOf('--remount-ro') + 2)).toEqual([
      '--remount-ro',
      '/',
    ]);
    expect(args.join(' ')).not.toMatch(/--ro-bind \/ \//);
  });

  it('shows the workspace and skills dir inside the data dir, nothing else of it or of $HOME', async () => {
    const { home, data, skills, view } = layout(false);
    const out = await inSandbox(
      view,
      `ls -a ${home} ${data}; cat ${data}/config.json ${data}/tool_results/other.txt; echo ok > w.txt && cat w.txt; ls ${skills}; touch ${skills}/x; ls /run /var /srv /root 2>&1; echo "[end]"`,
    );
    expect(out).toContain('[end]');
    expect(out).toContain('ok');
    expect(out).toContain('weather.sh');
    expect(out).toMatch(/touch: cannot touch .*Read-only/);
    expect(out).not.toContain('other session');
    expect(out).not.toContain('"token"');
    expect(out).not.toContain('.config');
    expect(out).not.toContain('tool_results\n');
  });

  it('hides the data dir when the workspace is the home holding it, keeping the skills dir', async () => {
    const { data, skills, view } = layout(true);
    const out = await inSandbox(
      view,
      `ls -a .; cat ${data}/config.json; ls ${skills}; ls .config/app; echo "[end]"`,
    );
    expect(out).toContain('[end]');
    expect(out).toContain('weather.sh');
    expect(out).toContain('settings'); // the workspace is the home: its files are the workspace's
    expect(out).not.toContain('"token"');
  });
});
