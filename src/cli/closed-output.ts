/**
 * Writing to a pipe whose reader has gone (`aibox skills search x | head -1`, a supervisor that
 * closed the server's stderr) fails with EPIPE, which Node reports as an 'error' event on the stream:
 * unhandled, it kills the process with a stack trace. What aibox does instead, as other command-line
 * tools do:
 * - a command's stdout closed: nobody reads its result, so it ends at once, quietly, with code 0;
 * - stderr closed: nobody hears its notes, but its result may still be read: it carries on;
 * - `aibox serve` carries on whichever of them closes (ai.log still gets every line).
 * Any other write error is thrown as before.
 */

type WriteErrorHandler = (error: NodeJS.ErrnoException) => void;

const endOnClosedPipe: WriteErrorHandler = (error) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(0);
};

const carryOnOnClosedPipe: WriteErrorHandler = (error) => {
  if (error.code !== 'EPIPE') throw error;
};

/** For every command, before it writes anything. */
export function handleClosedOutput(): void {
  process.stdout.on('error', endOnClosedPipe);
  process.stderr.on('error', carryOnOnClosedPipe);
}

/** For a command that must outlive its readers (`aibox serve`): a closed stdout no longer ends it. */
export function keepRunningWhenOutputCloses(): void {
  process.stdout.off('error', endOnClosedPipe);
  process.stdout.on('error', carryOnOnClosedPipe);
}
