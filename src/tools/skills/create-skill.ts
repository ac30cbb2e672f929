/**
 * create_skill: the model gives name, summary, language and code; the tool writes the
 * file in a temp dir, installs it through the skill engine (which probes `--help`), and
 * reports the summary or the error to fix. Nothing is left behind on failure.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { describeError } from '../../errors.js';
import type { Lang } from '../../i18n/lang.js';
import { isIgnoredEntryName, isValidSkillName } from '../../skills/name-rules.js';
import type { SkillRegistry } from '../../skills/types.js';
import { type Field, failure, success } from '../format.js';
import type { Tool } from '../tool.js';
import { askPersonOnFindings, findingsField } from './confirm-findings.js';
import { confirmHostProbe } from './host-probe.js';
import { skillToolMessages } from './messages.js';
import { installedSkillFields } from './skill-report.js';

const LANGUAGES = ['python', 'bash', 'markdown'] as const;
type SkillLanguage = (typeof LANGUAGES)[number];

function schema(lang: Lang) {
  const m = skillToolMessages(lang);
  return z.object({
    // The name is checked in execute, so a bad one gets the skill-specific message.
    name: z.string().trim().min(1).max(64).describe(m.createName),
    summary: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .regex(/^[^\r\n]*$/)
      .describe(m.createSummary),
    language: z.enum(LANGUAGES).describe(m.createLanguage),
    code: z.string().min(1).max(200_000).describe(m.createCode),
    force: z.boolean().default(false).describe(m.force),
  });
}

type CreateSkillArgs = z.infer<ReturnType<typeof schema>>;

const EXTENSIONS: Record<SkillLanguage, string> = { python: '.py', bash: '.sh', markdown: '.md' };

/** The file text: a #! line when missing, a --help handler printing the summary when the code has none. */
export function buildSkillSource(language: SkillLanguage, summary: string, code: string): string {
  const body = code.replace(/^\uFEFF/, '');
  if (language === 'markdown') {
    const firstLine = body
      .trimStart()
      .split('\n', 1)[0]
      ?.replace(/^#+\s*/, '')
      .trim();
    return firstLine === summary ? body : `# ${summary}\n\n${body}`;
  }
  const hasShebang = body.startsWith('#!');
  const shebang = hasShebang
    ? (body.split('\n', 1)[0] as string)
    : language === 'python'
      ? '#!/usr/bin/env python3'
      : '#!/bin/bash';
  const rest = hasShebang ? body.slice(shebang.length + 1) : body;
  const handlesHelp = body.includes('--help') || (language === 'python' && body.includes('argparse'));
  // `from __future__` must stay the first statement of a Python file: leave such code as it is.
  if (handlesHelp || (language === 'python' && body.includes('from __future__')))
    return `${shebang}\n${rest}`;
  const handler =
    language === 'python'
      ? `import sys as _aibox_sys\nif len(_aibox_sys.argv) > 1 and _aibox_sys.argv[1] in ("--help", "-h"):\n    print(${JSON.stringify(summary)})\n    _aibox_sys.exit(0)\n`
      : `if [ "$1" = "--help" ] || [ "$1" = "-h" ]; then\n  cat <<'AIBOX_SKILL_HELP'\n${summary}\nAIBOX_SKILL_HELP\n  exit 0\nfi\n`;
  return `${shebang}\n${handler}${rest}`;
}

export function createCreateSkillTool(options: { lang: Lang; skills: SkillRegistry }): Tool<CreateSkillArgs> {
  return {
    name: 'create_skill',
    description: skillToolMessages(options.lang).createDescription,
    parameters: schema(options.lang),
    async execute(args, ctx) {
      const t = skillToolMessages(ctx.lang);
      if (!isValidSkillName(args.name) || isIgnoredEntryName(args.name)) return failure(t.badName(args.name));
      const staging = await mkdtemp(join(tmpdir(), 'aibox-create-skill-'));
      try {
        const file = join(staging, `${args.name}${EXTENSIONS[args.language]}`);
        await writeFile(file, buildSkillSource(args.language, args.summary, args.code), { mode: 0o755 });
        // Recorded as the model's (its first run is asked); where no sandbox can run, its probe is asked too.
        const skill = await options.skills.install(file, {
          force: args.force,
          by: 'model',
          source: 'create_skill',
          confirmHostProbe: () => confirmHostProbe(ctx, 'create_skill', args.name),
          ...askPersonOnFindings(ctx, 'create_skill', `create_skill ${args.name}`),
        });
        const fields: Field[] = installedSkillFields(skill, ctx.lang);
        if (skill.summary !== args.summary) fields.push([t.labelNote, t.summaryDiffers(skill.summary)]);
        fields.push(...findingsField(skill.scanFindings, ctx.lang));
        return success(t.createOk(skill.name), fields);
      } catch (error) {
        return failure(t.createFailed, [
          [t.labelName, args.name],
          [t.labelError, describeError(error)],
          [t.labelFix, t.fixHint],
        ]);
      } finally {
        await rm(staging, { recursive: true, force: true });
      }
    },
  };
}
