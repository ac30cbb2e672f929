/** pino-roll ships no types; this is the part of its API Aibox uses. */
declare module 'pino-roll' {
  import type { Writable } from 'node:stream';

  export interface PinoRollOptions {
    file: string;
    size?: string | number;
    limit?: { count?: number; removeOtherLogFiles?: boolean };
    mkdir?: boolean;
    sync?: boolean;
  }

  export interface RollStream extends Writable {
    readonly file: string;
    flushSync(): void;
    flush(cb?: (err?: Error) => void): void;
    end(): this;
  }

  export default function pinoRoll(options: PinoRollOptions): Promise<RollStream>;
}
