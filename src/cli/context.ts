/** Global options every command accepts (declared on the root program). */
export interface GlobalOptions {
  config?: string;
  lang?: string;
}

/** The `--lang` value of a raw argv, for text printed before commander has parsed it (help, errors). */
export function langFlagOf(argv: readonly string[] = process.argv): string | undefined {
  const at = argv.indexOf('--lang');
  return at < 0 ? undefined : argv[at + 1];
}
