/**
 * Which code answers an argv (`process.argv`: node, script, args…): a bare `--version`/`-V` the
 * version alone, a plain quick command its own action (quick-commands.ts), everything else the
 * commander program (run.ts, loaded only then). The exit code is left in `process.exitCode`.
 */
import { VERSION } from '../version.js';
import { matchQuickCommand, runQuickCommand } from './quick-commands.js';

export async function dispatch(argv: string[]): Promise<void> {
  const args = argv.slice(2);
  const quick = matchQuickCommand(argv);
  if (args.length === 1 && (args[0] === '--version' || args[0] === '-V'))
    process.stdout.write(`${VERSION}\n`);
  else if (quick) await runQuickCommand(quick, argv);
  else await (await import('./run.js')).main(argv);
}
