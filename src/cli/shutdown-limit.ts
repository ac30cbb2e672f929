/**
 * How long `aibox serve` takes at most to stop after SIGINT/SIGTERM (turns aborted and saved,
 * commands killed, database closed) before it exits 1 anyway; service managers wait a little longer.
 */
export const SHUTDOWN_LIMIT_MS = 8000;
