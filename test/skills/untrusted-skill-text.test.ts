/** Skill text from outside (SKILL.md, Markdown skills) reaches terminals, the page and the model cleaned. */
import { describe, expect, it } from 'vitest';
import { parseAgentSkill } from '../../src/skills/markdown/agent-skill.js';
import { parseMarkdownSkill } from '../../src/skills/markdown/markdown.js';
import { skillMessages } from '../../src/skills/messages.js';

const t = skillMessages('en');
const HIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b\u202a-\u202e\u2066-\u2069]/u;
const bytes = (text: string) => new TextEncoder().encode(text);

describe('skill text from outside', () => {
  it('cleans a Markdown skill’s summary and body of escapes, bidi overrides and invisible characters', () => {
    const parsed = parseMarkdownSkill(
      bytes('# Weather \u202eyadot\u202c\x1b]0;x\x07\n\nRun \u2067it\u2069\x1b[2K now.\n'),
      t,
    );
    expect(parsed.ok && parsed.summary).toBe('Weather yadot]0;x');
    expect(parsed.ok && parsed.body).toBe('Run it[2K now.');
    const front = parseMarkdownSkill(bytes('---\ndescription: "Safe\u200b \u202eexe"\n---\nbody\r\n'), t);
    expect(front.ok && front.summary).not.toMatch(HIDDEN);
  });

  it('cleans an Agent Skill’s description and body', () => {
    const parsed = parseAgentSkill(
      bytes(
        '---\nname: pdf\ndescription: Reads PDFs \u202eexe.fdp\u202c\x1b[8m\n---\nUse \u2066this\u2069.\n',
      ),
      'pdf',
      t,
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.description).toBe('Reads PDFs exe.fdp[8m');
    expect(parsed.body).toBe('Use this.');
  });
});
