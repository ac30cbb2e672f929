/**
 * `elicitation/create` (form mode) from a connected server: the server asks the user for values.
 * The requested schema becomes a form (protocol/form.ts: the spec's flat fields, hostile input cut
 * to its limits; anything else declines), which goes to the person of the tool call it came during
 * through the approval broker (`ApprovalRequest.form`): a form on the page, field by field in
 * `aibox chat`, a reply in chat channels (docs/mcp.md "Elicitation"). The answer's values are
 * checked against the form once more before they go back to the server. A plain yes (where only
 * yes/no can be asked, e.g. `aibox ask`) accepts the form's defaults when they fill it. Nobody to
 * ask, no answer within `mcp.elicitation_timeout_s`, or values that do not fit: declined. URL mode
 * is not offered.
 */
import type { ElicitRequestFormParams, ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import type { Lang } from '../i18n/lang.js';
import { checkForm, type FormReply, formFromSchema } from '../protocol/form.js';
import { valueText } from '../protocol/form-text.js';
import type { AskedForm } from '../safety/types.js';
import { cleanText } from '../util/untrusted-text.js';
import { mcpMessages } from './messages.js';
import type { SamplingOrigin } from './sampling.js';

export interface ElicitationOptions {
  server: string;
  lang: Lang;
  origin: SamplingOrigin | undefined;
  /** How long the person has, in seconds. */
  timeoutS: number;
}

/** What a yes/no prompt shows: the message, then the values a yes would send (the defaults). */
function yesNoText(form: AskedForm, lang: Lang): string {
  const shown = form.fields.flatMap((field) =>
    field.default === undefined ? [] : [`${field.name}: ${valueText(field, field.default, lang)}`],
  );
  return [form.message, ...shown].join('\n');
}

export async function answerElicitation(
  params: ElicitRequestFormParams,
  options: ElicitationOptions,
): Promise<ElicitResult> {
  const { server, origin } = options;
  const lang = origin?.lang ?? options.lang;
  const parsed = formFromSchema(params.message, params.requestedSchema, cleanText);
  if ('problem' in parsed || !origin?.requestApproval) return { action: 'decline' };
  const form: AskedForm = { ...parsed.form, server };
  const outcome = await origin.requestApproval({
    tool: `${server}__elicitation`,
    command: yesNoText(form, lang),
    reason: mcpMessages(lang).elicitationReason(server),
    form,
    timeoutS: options.timeoutS,
  });
  const reply: FormReply =
    outcome.form ?? (outcome.approved ? { action: 'accept', content: {} } : { action: 'decline' });
  if (reply.action !== 'accept') return { action: reply.action };
  const checked = checkForm(form, reply.content);
  return checked.ok ? { action: 'accept', content: checked.values } : { action: 'decline' };
}
