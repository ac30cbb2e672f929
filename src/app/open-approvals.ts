/**
 * The approval broker of a box: rules from the live config, an "Always" answer saved into
 * config.json (rule-saver.ts), whose saving code starts loading when a person is first asked.
 */
import type { Config } from '../config/schema.js';
import type { Logger } from '../log/logger.js';
import { type ApprovalBroker, createApprovalBroker } from '../safety/approvals/approval-broker.js';
import type { Clock } from '../util/clock.js';
import { randomId } from '../util/ids.js';
import { createRuleSaver } from './rule-saver.js';

export interface ApprovalsOptions {
  config: () => Config;
  configPath: string;
  clock: Clock;
  logger: Logger;
}

export function openApprovals(options: ApprovalsOptions): ApprovalBroker {
  const logger = options.logger.child({ module: 'approvals' });
  const ruleSaver = createRuleSaver(options.configPath, logger);
  const approvals = createApprovalBroker({
    config: options.config,
    clock: options.clock,
    ids: randomId,
    persistRule: ruleSaver.persist,
    logger,
  });
  approvals.onEvent((event) => {
    if (event.type === 'requested') ruleSaver.preload();
  });
  return approvals;
}
