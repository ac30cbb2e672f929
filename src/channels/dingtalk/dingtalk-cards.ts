/**
 * Messages with buttons (approval requests) as interactive cards of DingTalk's card platform,
 * from the template the user made (`channels.dingtalk.card_template_id`, docs/channels.md):
 * - sent with `POST /v1.0/card/instances/createAndDeliver` (`callbackType: STREAM`) to the group
 *   (`dtv1.card//IM_GROUP.<conversation id>`) or the one-to-one chat (`dtv1.card//IM_ROBOT.<staff id>`);
 * - the template's variables: `content` (Markdown), `pending` (`"true"` until decided: shows the
 *   buttons), `button0`…`button2` (labels; `""` hides one), `notice` (private to each presser);
 *   each button calls back with the parameter `button` = `"0"`, `"1"` or `"2"`;
 * - a press arrives on the stream topic `/v1.0/card/instances/callback`; its `data` is hostile
 *   JSON, parsed against a schema, and only a card this process sent (by `outTrackId`) counts;
 * - decided, the card is updated in place (`PUT /v1.0/card/instances`): `content` shows the
 *   decision and who made it, `pending` becomes `"false"`.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { setBounded } from '../../util/bounded-map.js';
import type { ActionButton } from '../types.js';
import type { ChatRoute } from './dingtalk-chats.js';
import type { DingTalkOpenApi } from './dingtalk-openapi.js';
import { fieldError } from './field-error.js';

/** Cards whose presses are still taken (the oldest is forgotten first: a press on it is ignored). */
const MAX_CARDS = 1000;
const BUTTON_SLOTS = 3;

interface ButtonCardsOptions {
  api: DingTalkOpenApi;
  robotCode: string;
  templateId: string;
}

interface SentCard {
  chatId: string;
  buttons: ActionButton[];
}

/** A button press on one of this process's cards, as the core's action needs it. */
export interface CardPress {
  outTrackId: string;
  chatId: string;
  /** The presser's staff id (the card is sent with `userIdType: 1`). */
  senderId: string;
  data: string;
}

const id = z.string().min(1).max(512);
const CallbackSchema = z.object({ outTrackId: id, userId: id, content: z.string().max(20_000) });
const ContentSchema = z.object({
  cardPrivateData: z.object({
    params: z.object({ button: z.enum(['0', '1', '2']) }),
  }),
});

function spaceOf(route: Exclude<ChatRoute, { kind: 'webhook' }>, robotCode: string) {
  if (route.kind === 'group')
    return {
      openSpaceId: `dtv1.card//IM_GROUP.${route.conversationId}`,
      imGroupOpenSpaceModel: { supportForward: false },
      imGroupOpenDeliverModel: { robotCode },
    };
  return {
    openSpaceId: `dtv1.card//IM_ROBOT.${route.userId}`,
    imRobotOpenSpaceModel: { supportForward: false },
    imRobotOpenDeliverModel: { spaceType: 'IM_ROBOT', robotCode },
  };
}

export type ButtonCards = ReturnType<typeof createButtonCards>;

export function createButtonCards(options: ButtonCardsOptions) {
  const { api } = options;
  const sent = new Map<string, SentCard>();

  const update = (body: Record<string, unknown>) =>
    api.call('PUT', '/v1.0/card/instances', body, 'card/instances (update)');

  return {
    /** Sends a card; resolves with its `outTrackId` (the message id the core keeps). */
    async send(
      route: Exclude<ChatRoute, { kind: 'webhook' }>,
      chatId: string,
      text: string,
      buttons: ActionButton[],
    ): Promise<string> {
      if (buttons.length > BUTTON_SLOTS) throw new Error(`a DingTalk card takes ${BUTTON_SLOTS} buttons`);
      const outTrackId = `aibox-${randomUUID()}`;
      const labels = Object.fromEntries(
        Array.from({ length: BUTTON_SLOTS }, (_, slot) => [`button${slot}`, buttons[slot]?.label ?? '']),
      );
      const answer = await api.call(
        'POST',
        '/v1.0/card/instances/createAndDeliver',
        {
          cardTemplateId: options.templateId,
          outTrackId,
          callbackType: 'STREAM',
          userIdType: 1,
          cardData: { cardParamMap: { content: text, pending: 'true', notice: '', ...labels } },
          ...spaceOf(route, options.robotCode),
        },
        'card/instances/createAndDeliver',
      );
      const result = answer.result as { deliverResults?: { success?: boolean; errorMsg?: string }[] };
      const failed = result?.deliverResults?.find((delivery) => delivery.success === false);
      if (failed)
        throw new Error(
          `DingTalk card/instances/createAndDeliver: not delivered: ${String(failed.errorMsg)}`,
        );
      setBounded(sent, outTrackId, { chatId, buttons }, MAX_CARDS);
      return outTrackId;
    },

    /** Shows `text` on the card for everyone and hides its buttons. */
    async settle(outTrackId: string, text: string): Promise<void> {
      await update({
        outTrackId,
        cardData: { cardParamMap: { content: text, pending: 'false' } },
        cardUpdateOptions: { updateCardDataByKey: true },
      });
    },

    /** Shows `text` on the card to the presser alone (the card's private `notice`). */
    async notify(outTrackId: string, userId: string, text: string): Promise<void> {
      await update({
        outTrackId,
        userIdType: 1,
        privateData: { [userId]: { cardParamMap: { notice: text } } },
        cardUpdateOptions: { updatePrivateDataByKey: true },
      });
    },

    /**
     * The press a callback's `data` stands for; undefined for a card this process did not send
     * (or has forgotten). Throws an Error naming the field that is wrong.
     */
    press(data: string): CardPress | undefined {
      const callback = CallbackSchema.safeParse(JSON.parse(data));
      if (!callback.success) throw fieldError('card callback field', callback.error);
      const { outTrackId, userId, content } = callback.data;
      const card = sent.get(outTrackId);
      if (!card) return undefined;
      const parsed = ContentSchema.safeParse(JSON.parse(content));
      if (!parsed.success) throw fieldError('card callback content field', parsed.error);
      const button = card.buttons[Number(parsed.data.cardPrivateData.params.button)];
      if (!button)
        throw new Error(`card callback: the card has no button ${parsed.data.cardPrivateData.params.button}`);
      return { outTrackId, chatId: card.chatId, senderId: userId, data: button.data };
    },
  };
}
