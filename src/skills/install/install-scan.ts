/**
 * The static scan of a skill from outside, run on its staged copy before it is probed or renamed
 * into place (install.ts). Text only and bounded: at most `files` files and `fileBytes` of each,
 * `totalBytes` in all; what is past a bound is a high finding (`scan_incomplete`), never a silent
 * pass. Runs in the install worker. The rules are in install-scan-rules.ts.
 */
import { closeSync, lstatSync, openSync, readdirSync, readSync } from 'node:fs';
import { basename, join, posix } from 'node:path';
import type { ScanFinding } from '../types.js';
import { hiddenCharacters, shownEntryName } from './entry-name.js';
import { nativeBinaryKind, TEXT_RULES } from './install-scan-rules.js';

export interface ScanLimits {
  files: number;
  fileBytes: number;
  totalBytes: number;
  /** Findings kept (the first ones). */
  findings: number;
}

export const DEFAULT_SCAN_LIMITS: ScanLimits = {
  files: 500,
  fileBytes: 2 * 1024 * 1024,
  totalBytes: 16 * 1024 * 1024,
  findings: 50,
};

export interface ScanInput {
  /** The staged file, or the staged Agent Skill folder. */
  path: string;
  /** `markdown` for a single Markdown file, `agent-skill` for a folder (binaries are findings there). */
  kind: 'executable' | 'markdown' | 'agent-skill';
  /** The skill's file name to show for a single file (the staged copy has a temp name). */
  name: string;
  /** Aibox's own places (data dir, prompts dir …): a skill that names them is a high finding. */
  protectedDirs: string[];
  limits?: Partial<ScanLimits>;
}

export interface ScanReport {
  findings: ScanFinding[];
  files: number;
  bytes: number;
}

const EXCERPT_CHARS = 100;
const MARKDOWN = /\.(?:md|markdown)$/i;

function readHead(path: string, max: number): { data: Buffer; whole: boolean } {
  const fd = openSync(path, 'r');
  try {
    const data = Buffer.alloc(max + 1);
    let length = 0;
    while (length < data.length) {
      const read = readSync(fd, data, length, data.length - length, null);
      if (read === 0) break;
      length += read;
    }
    return { data: data.subarray(0, Math.min(length, max)), whole: length <= max };
  } finally {
    closeSync(fd);
  }
}

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at >= 0 && at < index; at = text.indexOf('\n', at + 1)) line += 1;
  return line;
}

/** The matched text in its line, escaped for display and cut short. */
function excerptAt(text: string, index: number, length: number): string {
  const start = text.lastIndexOf('\n', index) + 1;
  const endOfLine = text.indexOf('\n', index + length);
  const line = text.slice(start, endOfLine < 0 ? undefined : endOfLine).trim();
  const shown = shownEntryName(line.length > EXCERPT_CHARS ? text.slice(index, index + EXCERPT_CHARS) : line);
  return shown;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

class Scanner {
  readonly findings: ScanFinding[] = [];
  files = 0;
  bytes = 0;
  private incomplete = false;
  private readonly limits: ScanLimits;
  private readonly protectedPatterns: RegExp[];

  constructor(private readonly input: ScanInput) {
    this.limits = { ...DEFAULT_SCAN_LIMITS, ...input.limits };
    this.protectedPatterns = input.protectedDirs
      .filter((dir) => dir.length >= 4)
      .map((dir) => new RegExp(`${escapeRegExp(dir.replace(/\/+$/, ''))}(?![\\w.-])(?!/skills\\b)`));
  }

  add(finding: ScanFinding): void {
    if (this.findings.length < this.limits.findings) this.findings.push(finding);
  }

  /** Past a bound: one high finding saying what was not read. */
  private notAllScanned(file: string, excerpt: string): void {
    if (this.incomplete) return;
    this.incomplete = true;
    this.add({ rule: 'scan_incomplete', severity: 'high', file, excerpt });
  }

  scanFile(path: string, shown: string): void {
    if (this.files >= this.limits.files) {
      this.notAllScanned(shown, `> ${this.limits.files} files`);
      return;
    }
    const budget = Math.min(this.limits.fileBytes, this.limits.totalBytes - this.bytes);
    if (budget <= 0) {
      this.notAllScanned(shown, `> ${this.limits.totalBytes} bytes`);
      return;
    }
    this.files += 1;
    const { data, whole } = readHead(path, budget);
    const binary = nativeBinaryKind(data.subarray(0, 4096));
    if (binary) {
      if (this.input.kind === 'agent-skill')
        this.add({ rule: 'native_binary', severity: 'high', file: shown, excerpt: binary });
      return;
    }
    // Other binary files (images, fonts in assets/) have no text to read: only their head counts.
    if (data.subarray(0, 8192).includes(0)) {
      this.bytes += Math.min(data.length, 8192);
      return;
    }
    this.bytes += data.length;
    if (!whole) this.notAllScanned(shown, `> ${budget} bytes`);
    const text = data.toString('utf8');
    const markdown = this.input.kind === 'markdown' || MARKDOWN.test(shown);
    for (const rule of TEXT_RULES) {
      if (rule.scope === 'markdown' && !markdown) continue;
      const patterns = rule.id === 'data_dir' ? [...rule.patterns, ...this.protectedPatterns] : rule.patterns;
      for (const pattern of patterns) {
        const match = pattern.exec(text);
        if (!match) continue;
        this.add({
          rule: rule.id,
          severity: rule.severity,
          file: shown,
          line: lineAt(text, match.index),
          excerpt: excerptAt(text, match.index, match[0].length),
        });
        break;
      }
    }
    const hidden = hiddenCharacters(text, 1);
    if (hidden[0]) {
      const { index, codePoint } = hidden[0];
      this.add({
        rule: 'hidden_unicode',
        severity: 'high',
        file: shown,
        line: lineAt(text, index),
        excerpt: `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`,
      });
    }
  }

  scanFolder(dir: string, below: string): void {
    for (const entry of readdirSync(dir).sort()) {
      const path = join(dir, entry);
      const relative = below ? posix.join(below, entry) : entry;
      const info = lstatSync(path);
      if (info.isDirectory()) this.scanFolder(path, relative);
      else if (info.isFile()) this.scanFile(path, shownEntryName(relative));
    }
  }
}

export function scanSkill(input: ScanInput): ScanReport {
  const scanner = new Scanner(input);
  if (input.kind === 'agent-skill') scanner.scanFolder(input.path, '');
  else scanner.scanFile(input.path, shownEntryName(input.name || basename(input.path)));
  return { findings: scanner.findings, files: scanner.files, bytes: scanner.bytes };
}

/** True when a person must say yes before the skill lands. */
export function needsConfirmation(findings: readonly ScanFinding[]): boolean {
  return findings.some((finding) => finding.severity === 'high');
}
