#!/usr/bin/env -S node --max-semi-space-size=1
// A 1 MiB young generation: about 10 MB less resident memory on a small board, for slightly more frequent minor GCs.
//
// The entry point loads nothing but the version for `aibox --version`/`-V` (answered at once);
// every other command loads the program (commander, config schemas, the command) first.
import { VERSION } from '../version.js';

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) process.stdout.write(`${VERSION}\n`);
else await (await import('./run.js')).main(process.argv);
