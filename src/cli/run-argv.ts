/**
 * What `aibox ARGS` runs, given the whole argv (node, script, args…): a bare `--version` answered at
 * once, a plain quick command (quick-commands.ts) without commander, else the program (run.ts).
 * main.ts, the bin, calls it once per process; tests call it in-process (test/helpers/cli-here.ts).
 */
import { VERSION } from '../version.js';
import { matchQuickCommand, runQuickCommand } from './quick-commands.js';

export async function runArgv(argv: readonly string[]): Promise<void> {
  const args = argv.slice(2);
  const quick = matchQuickCommand(argv);
  if (args.length === 1 && (args[0] === '--version' || args[0] === '-V'))
    process.stdout.write(`${VERSION}\n`);
  else if (quick) await runQuickCommand(quick, argv);
  else await (await import('./run.js')).main([...argv]);
}
