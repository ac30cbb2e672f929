/**
 * What a program run as ffmpeg may touch, in the sandbox ffmpegPlaceOf builds for a box: the one
 * input file, nothing of the data dir, no file written anywhere, no keys in its environment. The
 * "ffmpeg" here is a shell script that tries each of those and prints what it got.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataPaths } from '../../../src/config/paths.js';
import { ffmpegPlaceOf } from '../../../src/media/voice/ffmpeg-place.js';
import { runFfmpeg } from '../../../src/media/voice/ffmpeg-runner.js';
import { probeBwrap } from '../../../src/safety/sandbox/sandbox-probe.js';

const bwrap = await probeBwrap(false, 'en');

describe.runIf(bwrap.kind === 'bwrap')('ffmpeg in the sandbox', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'aibox-ffmpeg-box-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('sees its input, not the data dir; writes nothing; gets no keys', async () => {
    const home = join(dir, 'aibox-home');
    mkdirSync(join(home, 'workspace', 'chat-files'), { recursive: true });
    writeFileSync(join(home, 'config.json'), '{"secret": "config-secret"}');
    const input = join(home, 'workspace', 'chat-files', 'note.ogg');
    writeFileSync(input, 'OggS input bytes');
    const probe = join(dir, 'probe.sh');
    writeFileSync(
      probe,
      [
        '#!/bin/sh',
        `echo "input: $(cat '${input}' 2>&1)"`,
        `echo "config: $(cat '${join(home, 'config.json')}' 2>&1)"`,
        `echo "wrote: $( (echo x > '${join(home, 'workspace', 'w')}') 2>&1 && echo yes || echo no)"`,
        'echo "tmp: $( (echo x > /tmp/w) 2>&1 && echo yes || echo no)"',
        'echo "key: $STT_TEST_KEY."',
      ].join('\n'),
    );
    chmodSync(probe, 0o755);
    process.env.STT_TEST_KEY = 'sk-should-not-pass';
    try {
      const place = ffmpegPlaceOf(bwrap, dataPaths(home), dir);
      const result = await runFfmpeg(place, {
        tool: 'ffmpeg',
        args: [],
        input,
        timeoutMs: 5000,
        maxOutputBytes: 4096,
        program: probe,
      });
      const out = result.stdout.toString();
      expect(out).toContain('input: OggS input bytes');
      expect(out).not.toContain('config-secret');
      expect(out).toContain('wrote: no');
      expect(out).toContain('tmp: no'); // prlimit's zero file size: not even the private /tmp
      expect(out).toContain('key: .');
    } finally {
      delete process.env.STT_TEST_KEY;
    }
  });
});
