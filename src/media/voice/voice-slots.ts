/**
 * How many voice notes are converted and transcribed at once: `running` at a time, at most
 * `waiting` more in line; beyond that a note is refused as busy (a flood of voice notes must not
 * start a flood of ffmpeg processes).
 */
export interface VoiceSlots {
  /** Runs `job` when a slot is free; resolves undefined when the line is full (nothing ran). */
  run<T>(job: () => Promise<T>): Promise<T | undefined>;
}

export function createVoiceSlots(running = 2, waiting = 16): VoiceSlots {
  let busy = 0;
  const line: (() => void)[] = [];
  const release = () => {
    busy--;
    line.shift()?.();
  };
  return {
    async run(job) {
      if (busy >= running) {
        if (line.length >= waiting) return undefined;
        await new Promise<void>((resolve) => line.push(resolve));
      }
      busy++;
      try {
        return await job();
      } finally {
        release();
      }
    },
  };
}
