/**
 * Command-line options the way GNU getopt reads them, so a check for `--delete` also catches
 * `--del` and `--delete=…`, and a check for `-f` also catches `-rf` and `-xzf archive`.
 */

export interface OptionSpec {
  /** Short options that take a value (`-o FILE`, `-oFILE`). */
  shortValues?: string;
  /** Short options whose value, if any, must be attached (`sed -i.bak`). */
  shortOptional?: string;
  /** Long option names this program knows; a name ending in `=` takes a value. */
  long?: readonly string[];
}

interface ParsedOptions {
  /** Canonical option names present: `r`, `f` for short ones, `delete` for long ones. */
  flags: Set<string>;
  /** Values of options that take one, by canonical name. */
  values: Map<string, string[]>;
  operands: string[];
}

/**
 * The long names an abbreviation may stand for: the exact name if known, else every known name
 * it is a prefix of (all of them, when ambiguous: the caller checks for the dangerous one).
 */
function expandLong(name: string, known: readonly string[]): string[] {
  const names = known.map((n) => n.replace(/=$/, ''));
  if (names.includes(name)) return [name];
  const matches = names.filter((n) => n.startsWith(name));
  return matches.length > 0 ? matches : [name];
}

function addValue(parsed: ParsedOptions, name: string, value: string): void {
  const list = parsed.values.get(name) ?? [];
  list.push(value);
  parsed.values.set(name, list);
}

/** Parses GNU style: options may follow operands; `--` ends them. */
export function parseOptions(args: readonly string[], spec: OptionSpec = {}): ParsedOptions {
  const parsed: ParsedOptions = { flags: new Set(), values: new Map(), operands: [] };
  const long = spec.long ?? [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--') {
      parsed.operands.push(...args.slice(i + 1));
      break;
    }
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      const name = arg.slice(2, eq < 0 ? undefined : eq);
      for (const full of expandLong(name, long)) {
        parsed.flags.add(full);
        if (eq >= 0) addValue(parsed, full, arg.slice(eq + 1));
        else if (long.includes(`${full}=`) && i + 1 < args.length)
          addValue(parsed, full, args[i + 1] as string);
      }
      if (eq < 0 && expandLong(name, long).some((full) => long.includes(`${full}=`))) i++;
      continue;
    }
    if (arg.startsWith('-') && arg.length > 1) {
      for (let j = 1; j < arg.length; j++) {
        const letter = arg[j] as string;
        parsed.flags.add(letter);
        const rest = arg.slice(j + 1);
        if (spec.shortOptional?.includes(letter)) {
          if (rest) addValue(parsed, letter, rest);
          break;
        }
        if (spec.shortValues?.includes(letter)) {
          if (rest) addValue(parsed, letter, rest);
          else if (i + 1 < args.length) addValue(parsed, letter, args[++i] as string);
          break;
        }
      }
      continue;
    }
    parsed.operands.push(arg);
  }
  return parsed;
}

/** Whether any of the names (short letters or long names) is present. */
export function hasAny(parsed: ParsedOptions, ...names: string[]): boolean {
  return names.some((name) => parsed.flags.has(name));
}
