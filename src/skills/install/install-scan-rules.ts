/**
 * The rules of the install scan (install-scan.ts): patterns in a skill's text that a skill from
 * outside has no business with. A small list on purpose, documented in docs/skills.md; each rule
 * has a severity, and a high one stops the install until a person says yes. Messages are in
 * messages.ts (`installScanMessages`, one entry per rule id).
 */
import type { ScanRuleId, ScanSeverity } from '../types.js';

/** Which files a rule reads: every text file, scripts only (not Markdown), or Markdown only. */
type RuleScope = 'text' | 'markdown';

export interface TextRule {
  id: ScanRuleId;
  severity: ScanSeverity;
  scope: RuleScope;
  patterns: RegExp[];
}

const SHELL = String.raw`(?:sudo\s+(?:-\S+\s+)*)?(?:env\s+)?(?:/usr)?(?:/bin/)?(?:ba|da|z|k|c|tc|fi|a)?sh\b`;
const INTERPRETER = String.raw`(?:sudo\s+)?(?:python[0-9.]*|perl|ruby|node|php)\b\s*-?\s*(?:$|[;&|)])`;
/** Spans between two parts of a pattern are bounded, so a long line costs linear time, not quadratic. */
const FETCH = String.raw`\b(?:curl|wget|fetch|aria2c|Invoke-WebRequest|iwr)\b`;

export const TEXT_RULES: readonly TextRule[] = [
  {
    // Code fetched from the network and run unseen.
    id: 'pipe_to_shell',
    severity: 'high',
    scope: 'text',
    patterns: [
      new RegExp(`${FETCH}[^\\n|]{0,400}\\|\\s*${SHELL}`, 'im'),
      new RegExp(`${FETCH}[^\\n|]{0,400}\\|\\s*${INTERPRETER}`, 'im'),
      new RegExp(`\\b(?:ba|z)?sh\\s+(?:-c\\s+)?["']?\\$\\(\\s*${FETCH}`, 'im'),
      new RegExp(`(?:\\bsource|\\.|\\b(?:ba|z)?sh)\\s+<\\(\\s*${FETCH}`, 'im'),
      /\b(?:exec|eval)\s*\(\s*(?:urllib\.request\.)?urlopen\s*\(/im,
      /\b(?:exec|eval)\s*\(\s*requests\.get\s*\(/im,
    ],
  },
  {
    // Code hidden in base64 or hex, decoded and run.
    id: 'decoded_exec',
    severity: 'high',
    scope: 'text',
    patterns: [
      new RegExp(`\\bbase64\\s+(?:-d|--decode|-D)\\b[^\\n;]{0,400}\\|\\s*${SHELL}`, 'im'),
      new RegExp(`\\b(?:xxd\\s+-r|openssl\\s+(?:enc\\s+)?-?base64)[^\\n;]{0,400}\\|\\s*${SHELL}`, 'im'),
      new RegExp(`\\b(?:base64\\s+(?:-d|--decode)|xxd\\s+-r)[^\\n;]{0,400}\\|\\s*${INTERPRETER}`, 'im'),
      /\beval\s+["']?\$\([^)\n]{0,400}\b(?:base64|xxd|openssl)\b/im,
      /\b(?:exec|eval|compile)\s*\(\s*(?:__import__\(\s*['"](?:base64|codecs|binascii|zlib|marshal)['"]\s*\)\.|base64\.|codecs\.decode|bytes\.fromhex|binascii\.|zlib\.decompress|marshal\.loads)/im,
      /\b(?:eval|Function)\s*\(\s*(?:atob\s*\(|Buffer\.from\s*\([^)\n]{0,400}['"](?:base64|hex)['"])/im,
    ],
  },
  {
    // Aibox's own data: config (token, keys), memories, prompts, approval rules.
    id: 'data_dir',
    severity: 'high',
    scope: 'text',
    // A path into the skills dir below it is a skill's own files (an Agent Skill's scripts by path).
    patterns: [
      /~\/\.aibox\b(?!\/skills\b)/m,
      /\$\{?HOME\}?\/\.aibox\b(?!\/skills\b)/m,
      /\$\{?AIBOX_HOME\b(?!\}?\/skills\b)/m,
      /\bos\.environ(?:\.get)?\s*[[(]\s*['"]AIBOX_HOME/m,
    ],
  },
  {
    // Files that run at the next login or on a schedule: code that outlives the skill's run.
    id: 'startup_files',
    severity: 'high',
    scope: 'text',
    patterns: [
      /(?:~|\$\{?HOME\}?|\/root|\/home\/[^/\s]+)\/\.(?:bashrc|bash_profile|bash_login|bash_logout|profile|zshrc|zprofile|zshenv|zlogin|config\/autostart|config\/systemd\/user)\b/m,
      /\/etc\/(?:profile(?:\.d)?|bash\.bashrc|zsh\/zshrc|environment|cron(?:tab|\.d|\.daily|\.hourly)?|rc\.local|systemd\/system)\b/m,
      /\/var\/spool\/cron\b/m,
      /(?:^|[\s;&|(`'"])crontab\b/m,
    ],
  },
  {
    // Words written to take over the model that reads the skill.
    id: 'prompt_injection',
    severity: 'high',
    scope: 'markdown',
    patterns: [
      /\b(?:ignore|disregard|forget|override)\s+(?:all\s+|any\s+|the\s+)?(?:previous|prior|above|earlier|preceding|your|system)\s+(?:instructions|prompts?|rules|directions|messages)\b/im,
      /(?:忽略|无视|忘记|忘掉|不要理会)(?:掉)?(?:你)?(?:之前|以前|先前|前面|上面|以上|所有|全部|系统)(?:的|所有的)?(?:所有|全部)?(?:指令|指示|提示|规则|要求|设定)/m,
      /<\|(?:im_start|im_end|system|endoftext|start_header_id)\|>/m,
      /<\/?(?:system|system_prompt|instructions)>/im,
      /^[ \t]*\[?(?:SYSTEM|系统)[ \t]*(?:PROMPT|提示)?\]?[ \t]*[:：]/m,
    ],
  },
  {
    // Role changes and talk of the system prompt: often harmless, shown so a person can judge.
    id: 'role_change',
    severity: 'medium',
    scope: 'markdown',
    patterns: [
      /\byou\s+are\s+now\s+(?:a|an|the|in|no\s+longer|DAN|free|unrestricted|jailbroken)\b/im,
      /你现在是|从现在开始你是|你不再是/m,
      /\b(?:reveal|print|show|repeat|output)\s+(?:your|the)\s+(?:system\s+prompt|hidden\s+instructions)\b/im,
      /(?:输出|显示|泄露|重复)(?:你的)?系统提示/m,
      /\bdeveloper\s+mode\b/im,
    ],
  },
];

/** Magic numbers of native programs: ELF, Mach-O (32/64 bit, both byte orders, fat), PE (MZ…PE\0\0). */
export function nativeBinaryKind(head: Buffer): 'ELF' | 'Mach-O' | 'PE' | undefined {
  if (head.length >= 4 && head.readUInt32BE(0) === 0x7f454c46) return 'ELF';
  if (
    head.length >= 4 &&
    [0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe, 0xcafebabe].includes(head.readUInt32BE(0))
  )
    return 'Mach-O';
  if (head.length >= 0x40 && head[0] === 0x4d && head[1] === 0x5a) {
    const at = head.readUInt32LE(0x3c);
    if (at + 4 <= head.length && head.readUInt32BE(at) === 0x50450000) return 'PE';
  }
  return undefined;
}
