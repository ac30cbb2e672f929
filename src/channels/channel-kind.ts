/**
 * One vendor's channel as the core sees it. A kind module is import-light (the server reads
 * every kind at start-up): its vendor SDK is imported only inside `createTransport` and `check`,
 * and a check of a channel without credentials imports none.
 */

import type { ChannelName } from '../chats/channel-names.js';
import type { KnownChat } from '../chats/sender-store.js';
import type { Config } from '../config/schema.js';
import type { Lang } from '../i18n/lang.js';
import type { Logger } from '../log/logger.js';
import type { ChannelTransport } from './types.js';

/** Timing knobs a test may shorten; each transport uses those that apply to it. */
export interface TransportTuning {
  /** Seconds one long poll waits for news (Telegram). */
  pollTimeoutS?: number;
  backoffInitialMs?: number;
  backoffMaxMs?: number;
  /** Heartbeat of a long connection (WeCom). */
  heartbeatMs?: number;
  /** How long a sent frame waits for the vendor's ack (WeCom). */
  answerTimeoutMs?: number;
  /** Wait before reconnecting after another connection took over (WeCom). */
  replacedDelayMs?: number;
  /** How long after a message its stream reply is updated (WeCom). */
  streamWindowMs?: number;
  /** How often a missing or expired login file is read again (WeChat). */
  loginCheckMs?: number;
  /** How often the typing state is renewed while an answer is made (WeChat). */
  typingEveryMs?: number;
}

/** What the core lends a transport besides config. */
export interface TransportContext {
  /** AIBOX_HOME, for a transport that keeps its own state there (WeChat's login). */
  home: string;
  /** The recorded chat of this channel with that id, if an allowed sender used it. */
  knownChat(chatId: string): KnownChat | undefined;
}

export interface ChannelCheckInput {
  config: Config;
  /** The config file, to warn when it holds a secret and others can read it. */
  configPath: string;
  env: NodeJS.ProcessEnv;
  lang: Lang;
  timeoutMs: number;
  /** How the user runs aibox (`aibox`, `npm run aibox --` …), for the commands a check suggests. */
  aibox: string;
}

export interface ChannelCheck {
  channel: string;
  ok: boolean;
  /** Lines for the user, in their language; never a credential. */
  lines: string[];
}

export interface ChannelSetup {
  /** Full config keys, e.g. `channels.telegram.token`. */
  keys: readonly string[];
  /** The environment variables that may hold the same values. */
  env: readonly string[];
}

export interface ChannelKind {
  /** `telegram`, `lark`, `dingtalk`: the transport's name and the prefix of per-chat session ids. */
  readonly name: ChannelName;
  /** How the user knows it: `Telegram`, `飞书/Lark`, `钉钉 DingTalk`. */
  readonly label: string;
  /** What sets it up: the config keys of its credentials and the environment variables instead. */
  readonly setup: ChannelSetup;
  /** Whether its credentials are present (config or environment). */
  configured(config: Config, env: NodeJS.ProcessEnv): boolean;
  /** Sender ids the config allows (read live, so `/reload` applies a change). */
  allowedIds(config: Config, env: NodeJS.ProcessEnv): string[];
  /** Imports the SDK and builds the transport; the core starts it. */
  createTransport(
    config: Config,
    env: NodeJS.ProcessEnv,
    logger: Logger,
    tuning: TransportTuning,
    context: TransportContext,
  ): Promise<ChannelTransport>;
  /** `aibox channels check` for this channel (a not-configured channel is ok, and says how to set it). */
  check(input: ChannelCheckInput): Promise<ChannelCheck>;
}
