/** Help texts for `aibox memory|memo`, in the language chosen before the config is read. */
import { detectLang } from '../../i18n/lang.js';
import { langFlagOf } from '../context.js';
import { memoryCliMessages } from './messages.js';

/** Language for help texts, before the config is read. */
export function helpMessages() {
  return memoryCliMessages(detectLang({ flag: langFlagOf() }));
}
