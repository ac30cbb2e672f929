/**
 * Where ffmpeg runs for this box (docs/safety.md, "Voice notes"): in bubblewrap whenever start-up
 * found it working, whatever `safety.mode` says (the input is a stranger's file, not a command
 * a person approved); on the host only when there is no sandbox (`safety.sandbox: off`, or bwrap
 * unavailable), under the limits ffmpeg-runner.ts sets either way.
 */
import type { DataPaths } from '../../config/paths.js';
import { HOST_SOCKETS, protectedPaths } from '../../safety/protected-paths.js';
import type { SandboxStatus } from '../../safety/sandbox/sandbox.js';
import type { FfmpegPlace } from './ffmpeg-runner.js';

export function ffmpegPlaceOf(sandbox: SandboxStatus, paths: DataPaths, home: string): FfmpegPlace {
  if (sandbox.kind !== 'bwrap' || !sandbox.program) return {};
  return {
    sandbox: {
      bwrap: sandbox.program,
      layout: {
        skillsDir: '', // not shown
        home,
        dataDirs: [paths.home, paths.prompts],
        hidden: [...protectedPaths(paths, home), ...HOST_SOCKETS],
      },
    },
  };
}
