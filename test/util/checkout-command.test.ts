/**
 * The messages that cannot know how their reader runs aibox name its commands both ways: on PATH
 * (`aibox …`) and from the checkout, as `npm start` runs it (`npm run aibox -- …`).
 */
import { describe, expect, it } from 'vitest';
import { channelMessages } from '../../src/channels/messages.js';
import type { Lang } from '../../src/i18n/lang.js';
import { mcpStatusLines } from '../../src/mcp/status-lines.js';
import { skillMessages } from '../../src/skills/messages.js';
import { CHECKOUT_COMMAND, inCheckout } from '../../src/util/checkout-command.js';

const langs: Lang[] = ['zh', 'en'];

describe('commands named both ways', () => {
  it('spells a command as run from the checkout', () => {
    expect(CHECKOUT_COMMAND).toBe('npm run aibox --');
    expect(inCheckout('channels pair')).toBe('npm run aibox -- channels pair');
  });

  it.each(langs)('the reply to a chat stranger (%s)', (lang) => {
    const text = channelMessages(lang).refusal('42');
    expect(text).toContain('`aibox channels pair`');
    expect(text).toContain('`npm run aibox -- channels pair`');
    expect(text).toContain('42');
  });

  it.each(langs)('the skill file-extension hint (%s)', (lang) => {
    const text = skillMessages(lang).hasExtension('/s/weather.py', 'weather');
    expect(text).toContain('`aibox skills install /s/weather.py`');
    expect(text).toContain('`npm run aibox -- skills install /s/weather.py`');
  });

  it.each(langs)('the /mcp line when no server is configured (%s)', (lang) => {
    const [line, ...rest] = mcpStatusLines([], lang);
    expect(rest).toEqual([]);
    expect(line).toContain('aibox mcp add');
    expect(line).toContain('npm run aibox -- mcp add');
  });
});
