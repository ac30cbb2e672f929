/**
 * Approvals from Feishu/Lark: the model's write_file outside the workspace waits for a
 * person; the chat gets a card with Allow once / Always / Deny buttons; a press (a
 * `card.action.trigger` callback over the long connection) answers the real approval
 * broker, gets a toast, and the card is patched in place to the decision and who made it.
 * This box takes its app credentials from the environment, not config.json.
 */
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeLark, LarkCard } from '../../helpers/fake-lark.js';
import type { Box } from '../../server/harness.js';
import { OWNER, startLarkBox } from './lark-box.js';

const STRANGER = 'ou_stranger0000000000000000000009';

describe('Feishu/Lark approvals', () => {
  let lark: FakeLark;
  let box: Box;
  let outside: string;

  beforeAll(async () => {
    outside = realpathSync(mkdtempSync(join(tmpdir(), 'aibox-outside-')));
    ({ lark, box } = await startLarkBox({
      config: { safety: { approval_timeout_s: 60 } },
      credentialsFromEnv: true,
    }));
  });
  afterAll(async () => {
    await box?.close();
    await lark?.close();
    rmSync(outside, { recursive: true, force: true });
  });

  /** The model asks to write `target`; resolves with the card carrying the buttons. */
  async function askToWrite(target: string, after: string): Promise<LarkCard> {
    box.llm.script(
      { toolCalls: [{ name: 'write_file', arguments: { filepath: target, content: 'x' } }] },
      { text: after },
    );
    lark.say(OWNER, `write ${target}`);
    await lark.waitForCall(
      (c) =>
        c.method === 'POST' && String(c.body.content).includes(target) && c.body.content.includes('button'),
    );
    return [...lark.cards.values()].find(
      (card) => card.buttons.length > 0 && card.text.includes(target),
    ) as LarkCard;
  }
  const patched = (card: LarkCard, text: string) =>
    lark.waitForCall(
      (c) =>
        c.method === 'PATCH' &&
        c.path.endsWith(`/${card.messageId}`) &&
        String(c.body.content).includes(text),
    );
  const answered = (text: string) => lark.waitForCall((c) => String(c.body.content ?? '').includes(text));

  it('Allow once: the command runs, the card shows the decision and who made it', async () => {
    const target = join(outside, 'allowed.txt');
    const card = await askToWrite(target, 'written it');
    expect(card.buttons.map((b) => b.label)).toEqual(['Allow once', 'Always', 'Deny']);
    const [allow] = card.buttons.map((b) => b.value);

    // A stranger's press is refused (a toast naming their id) and decides nothing.
    const refused = await lark.press(STRANGER, card, allow);
    expect(refused.data.toast.content).toContain(STRANGER);
    expect(existsSync(target)).toBe(false);

    const accepted = await lark.press(OWNER, card, allow);
    expect(accepted.data.toast.content).toBe('Got it');
    await patched(card, `Allowed once by lark:${OWNER}`);
    expect(card.buttons).toEqual([]); // the buttons are gone
    await answered('written it');
    expect(readFileSync(target, 'utf8')).toBe('x');
  });

  it('Deny: nothing is written; a second press is told it was already decided', async () => {
    const target = join(outside, 'denied.txt');
    const card = await askToWrite(target, 'did not write');
    const [allow, , deny] = card.buttons.map((b) => b.value);
    await lark.press(OWNER, card, deny);
    await patched(card, `Denied by lark:${OWNER}`);
    const late = await lark.press(OWNER, card, allow);
    expect(late.data.toast.content).toBe('Someone has already decided');
    await answered('did not write');
    expect(existsSync(target)).toBe(false);
  });

  it('a press with a payload the box did not make is acknowledged and ignored', async () => {
    const card = [...lark.cards.values()][0] as LarkCard;
    const ack = await lark.press(OWNER, card, { something: 'else' });
    expect(ack.code).toBe(200);
    expect(ack.data).toEqual({});
  });
});
