import type { CliContext } from '../../config/context.js';
import type { DoctorCheckMessages } from './messages.js';

/** What every check of `aibox doctor` gets. */
export interface DoctorInput {
  ctx: CliContext;
  env: NodeJS.ProcessEnv;
  /** `--offline`: no request leaves the machine (model, chat platforms). */
  offline: boolean;
  /** How the user runs aibox, for the commands a fix suggests. */
  aibox: string;
  t: DoctorCheckMessages;
}
