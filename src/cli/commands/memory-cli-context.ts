/** Help texts for `aibox memory|memo`, in the language chosen before the config is read. */
import { detectLang } from '../../i18n/lang.js';
import { memoryCliMessages } from './memory-cli-messages.js';

/** Language for help texts, before the config is read. */
export function helpMessages() {
  const argv = process.argv;
  const flag = argv.includes('--lang') ? argv[argv.indexOf('--lang') + 1] : undefined;
  return memoryCliMessages(detectLang({ flag }));
}
