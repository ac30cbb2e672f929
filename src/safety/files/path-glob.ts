/**
 * Path patterns of `file` rules: `*` and `?` stay within one path segment,
 * `**` crosses segments, `\` makes the next character literal. Anchored at both ends.
 */

const cache = new Map<string, RegExp>();

function compile(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === '\\' && i + 1 < pattern.length) source += escapeChar(pattern[++i] as string);
    else if (c === '*' && pattern[i + 1] === '*') {
      source += '.*';
      i++;
    } else if (c === '*') source += '[^/]*';
    else if (c === '?') source += '[^/]';
    else source += escapeChar(c);
  }
  return new RegExp(`^${source}$`, 'u');
}

function escapeChar(c: string): string {
  return /[\\^$.*+?()[\]{}|]/.test(c) ? `\\${c}` : c;
}

export function globMatches(pattern: string, path: string): boolean {
  let regex = cache.get(pattern);
  if (!regex) {
    regex = compile(pattern);
    if (cache.size < 1000) cache.set(pattern, regex);
  }
  return regex.test(path);
}

/** A pattern that matches exactly `path` (for a remembered "Always"). */
export function literalGlob(path: string): string {
  return path.replace(/[\\*?]/g, (c) => `\\${c}`);
}
