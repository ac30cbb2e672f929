/**
 * A shell command line as the policy sees it: every simple command (in lists, pipelines,
 * subshells, blocks, functions, `$(…)`, backticks, `<(…)`) and every redirection, parsed by
 * mvdan-sh (a real POSIX/Bash parser; a GopherJS build that takes ~130 ms to load, so it is
 * loaded once, on first use).
 */
import { createRequire } from 'node:module';

/** A word after quote removal. `text` is undefined when part of it is only known at run time. */
export interface ShellWord {
  text: string | undefined;
  /** The word with every run-time part replaced by `*` (for shape checks such as /proc/…/environ). */
  pattern: string;
}

interface SimpleCommand {
  words: ShellWord[];
}

type RedirectionKind = 'read' | 'write' | 'fd';

interface Redirection {
  kind: RedirectionKind;
  target: ShellWord;
}

/** A shell variable the line sets (`X=1 cmd`, `export X=1`, `for X in`, `((X=1))`, `declare -n r=X`). */
export interface Assignment {
  /** Undefined when the name is known only at run time (`export "$v"`). */
  name: string | undefined;
}

export interface ParsedCommandLine {
  commands: SimpleCommand[];
  redirections: Redirection[];
  assignments: Assignment[];
  /**
   * The line is one simple command and nothing else: no assignments, redirections, other
   * statements, `!`, `&`, and every word static (what an "Always" may remember, and the only
   * shape in which a rule may let a command leave the sandbox unasked).
   */
  single: boolean;
  /** It defines functions or evaluates arithmetic (bash reads variables' values as expressions there). */
  rebinds: boolean;
}

// The slice of the mvdan-sh API used here (the package ships no types).
interface ShNode {
  [field: string]: unknown;
}
interface ShSyntax {
  NewParser(): { Parse(src: string, name: string): ShNode };
  Walk(node: ShNode, visit: (node: ShNode | null) => boolean): void;
  NodeType(node: ShNode): string;
}

let syntax: ShSyntax | undefined;
let parser: ReturnType<ShSyntax['NewParser']> | undefined;

function loadParser(): { syntax: ShSyntax; parser: ReturnType<ShSyntax['NewParser']> } {
  if (!syntax || !parser) {
    const require = createRequire(import.meta.url);
    syntax = (require('mvdan-sh') as { syntax: ShSyntax }).syntax;
    parser = syntax.NewParser();
  }
  return { syntax, parser };
}

/** mvdan-sh's redirection operators (syntax.RedirOperator), by number. */
const REDIRECT_KINDS: Record<number, RedirectionKind | 'heredoc'> = {
  54: 'write', // >
  55: 'write', // >>
  56: 'read', // <
  57: 'write', // <>
  58: 'fd', // <&
  59: 'fd', // >&
  60: 'write', // >|
  61: 'heredoc', // <<
  62: 'heredoc', // <<-
  63: 'heredoc', // <<<
  64: 'write', // &>
  65: 'write', // &>>
};

/** mvdan-sh's arithmetic assignment operators (`=`, `+=` … `|=`) and `++`/`--`. */
const ARITHM_ASSIGN = new Set([44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 74]);
const ARITHM_STEP = new Set([36, 37]);

/** Nodes after which a name may run something else than PATH finds (see ParsedCommandLine.rebinds). */
const REBINDING_NODES = new Set(['FuncDecl', 'ArithmExp', 'ArithmCmd', 'LetClause', 'TestClause']);

export class ShellSyntaxError extends Error {}

/** Removes the backslashes of an unquoted (or double-quoted) literal. */
function removeBackslashes(value: string, quoted: boolean): string {
  return quoted ? value.replace(/\\([$`"\\\n])/g, '$1') : value.replace(/\\(.)/gs, '$1');
}

function wordParts(parts: ShNode[], sh: ShSyntax, quoted: boolean, home: string): ShellWord {
  let text: string | undefined = '';
  let pattern = '';
  parts.forEach((part, index) => {
    const type = sh.NodeType(part);
    if (type === 'Lit') {
      let value = removeBackslashes(String(part.Value), quoted);
      if (!quoted && index === 0 && (value === '~' || value.startsWith('~/'))) value = home + value.slice(1);
      else if (!quoted && index === 0 && value.startsWith('~')) text = undefined; // ~user
      if (text !== undefined) text += value;
      pattern += value;
    } else if (type === 'SglQuoted' && !part.Dollar) {
      if (text !== undefined) text += String(part.Value);
      pattern += String(part.Value);
    } else if (type === 'DblQuoted') {
      const inner = wordParts(part.Parts as ShNode[], sh, true, home);
      text = text === undefined || inner.text === undefined ? undefined : text + inner.text;
      pattern += inner.pattern;
    } else {
      // $var, $(…), $((…)), $'…', <(…), extglobs: known only at run time.
      text = undefined;
      pattern += '*';
    }
  });
  return { text, pattern };
}

function toWord(node: ShNode, sh: ShSyntax, home: string): ShellWord {
  return wordParts(node.Parts as ShNode[], sh, false, home);
}

/**
 * Parses a command line. Throws ShellSyntaxError when it is not valid shell.
 * `home` expands a leading `~`.
 */
export function parseCommandLine(source: string, home: string): ParsedCommandLine {
  const { syntax: sh, parser: p } = loadParser();
  let file: ShNode;
  try {
    file = p.Parse(source, '');
  } catch (error) {
    throw new ShellSyntaxError((error as Error).message ?? String(error));
  }
  const commands: SimpleCommand[] = [];
  const redirections: Redirection[] = [];
  const assignments: Assignment[] = [];
  let rebinds = false;
  const word = (node: unknown) => toWord(node as ShNode, sh, home);
  sh.Walk(file, (node) => {
    if (!node) return true;
    const type = sh.NodeType(node);
    if (REBINDING_NODES.has(type)) rebinds = true;
    if (type === 'CallExpr') {
      const args = node.Args as ShNode[];
      if (args.length > 0) commands.push({ words: args.map(word) });
      for (const assign of node.Assigns as ShNode[]) assignments.push({ name: assignName(assign) });
    } else if (type === 'DeclClause') {
      assignments.push(...declared(node.Args as ShNode[], word));
    } else if (type === 'WordIter') {
      assignments.push({ name: String((node.Name as ShNode).Value) });
    } else if (
      (type === 'BinaryArithm' && ARITHM_ASSIGN.has(Number(node.Op))) ||
      (type === 'UnaryArithm' && ARITHM_STEP.has(Number(node.Op)))
    ) {
      const target = node.X as ShNode;
      assignments.push({ name: sh.NodeType(target) === 'Word' ? word(target).text : undefined });
    } else if (type === 'Stmt') {
      for (const redirect of node.Redirs as ShNode[]) {
        const kind = REDIRECT_KINDS[Number(redirect.Op)];
        if (!kind || kind === 'heredoc' || !redirect.Word) continue;
        redirections.push({ kind, target: toWord(redirect.Word as ShNode, sh, home) });
      }
    }
    return true;
  });
  return { commands, redirections, assignments, single: isSingle(file, sh, commands), rebinds };
}

function assignName(assign: ShNode): string | undefined {
  const name = assign.Name as ShNode | null;
  return name ? String(name.Value) : undefined;
}

/** `export A=1 B`, `declare -x A`, `local -n ref=PATH` (a nameref assigns the variable it names). */
function declared(args: ShNode[], word: (node: unknown) => ShellWord): Assignment[] {
  const found: Assignment[] = [];
  let nameref = false;
  for (const arg of args) {
    const name = assignName(arg);
    if (name !== undefined) {
      found.push({ name });
      if (nameref && arg.Value) found.push({ name: word(arg.Value).text });
      continue;
    }
    const text = arg.Value ? word(arg.Value).text : undefined;
    if (text?.startsWith('-') || text?.startsWith('+')) {
      if (/^-[a-zA-Z]*n/.test(text)) nameref = true;
    } else found.push({ name: text?.split('=')[0] });
  }
  return found;
}

function isSingle(file: ShNode, sh: ShSyntax, commands: SimpleCommand[]): boolean {
  const stmts = file.Stmts as ShNode[];
  const stmt = stmts[0];
  if (stmts.length !== 1 || !stmt || commands.length !== 1) return false;
  if (stmt.Negated || stmt.Background || stmt.Coprocess || (stmt.Redirs as ShNode[]).length > 0) return false;
  const cmd = stmt.Cmd as ShNode | null;
  if (!cmd || sh.NodeType(cmd) !== 'CallExpr' || (cmd.Assigns as ShNode[]).length > 0) return false;
  return (commands[0] as SimpleCommand).words.every((w) => w.text !== undefined);
}
