#!/usr/bin/env -S node --max-semi-space-size=1 --interrupt-budget=524288 --optimize-for-size --no-sparkplug
// Measured for `aibox serve` (docs/benchmarks.md, "Start-up"); package.json's start line uses the same flags.
// A 1 MiB young generation: ~2-5 MB less resident memory, for ~50 ms more start-up CPU (minor GCs).
// An 8x interrupt budget: functions are optimised (TurboFan) 8x later, so start-up's run-once code is
// not; ~4 MB less resident memory at no start-up cost, hot loops reach full speed a little later.
// V8's size-over-speed heuristics (--optimize-for-size): ~2.8 MB less resident memory for an idle
// server, ~10 ms more start-up CPU (measured with zod and the tools off the start path).
// No baseline compiler (--no-sparkplug): ~1.5 MB less; code runs interpreted until TurboFan takes
// it (no difference seen in 40 rounds of command decisions on this loaded machine).
//
// The entry point loads nothing but the version for `aibox --version`/`-V` (answered at once), and
// nothing but the command's own code for a plain `skills search`/`memory search` (quick-commands.ts);
// every other command loads the program (commander, config schemas, the command) first.
import { handleClosedOutput } from './closed-output.js';
import { runArgv } from './run-argv.js';

// A reader that stops early (`aibox skills search x | head -1`) must not kill aibox with a stack trace.
handleClosedOutput();
await runArgv(process.argv);
