/** The shape of a program handler: it looks at one program's arguments. */
import type { AnalysisContext, Finding } from './findings.js';
import type { ShellWord } from './shell-syntax.js';

export interface HandlerResult {
  findings?: Finding[];
  /** Commands it runs (a wrapper's command, `find -exec …`, `xargs …`), analysed in turn. */
  inner?: ShellWord[][];
  /** Shell code it runs (`sh -c STRING`, `eval`, `trap`), parsed again. */
  code?: ShellWord[];
  /** It runs code the analyser cannot see (a script, an interpreter, a build): allowed only in the sandbox. */
  runsCode?: boolean;
  /** Variables it sets for its command or this shell (`env NAME=v`, `read NAME`); undefined: a run-time name. */
  sets?: (string | undefined)[];
}

export type ProgramHandler = (args: ShellWord[], ctx: AnalysisContext, program: string) => HandlerResult;

/** The arguments as strings: run-time parts become `*` (an unknown word may be any option). */
export function argTexts(args: readonly ShellWord[]): string[] {
  return args.map((a) => a.text ?? a.pattern);
}

/** Whether an argument known only at run time could be an option that changes what the program does. */
export function hasUnknownOption(args: readonly ShellWord[]): boolean {
  return args.some((a) => a.text === undefined && a.pattern.startsWith('*'));
}

export const literal = (text: string): ShellWord => ({ text, pattern: text });
