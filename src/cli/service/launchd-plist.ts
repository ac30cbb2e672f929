/**
 * The launchd agent of `aibox service install` on macOS (a daemon with `--system`): started at
 * load and at login/boot, started again when it exits with a failure (not after a clean stop),
 * at most every ThrottleInterval seconds, and given ExitTimeOut seconds after SIGTERM to stop.
 */
import { join } from 'node:path';
import { SHUTDOWN_LIMIT_MS } from '../shutdown-limit.js';
import { type ServiceSpec, serveArgv } from './service-spec.js';

export const LAUNCHD_LABEL = 'io.aibox.serve';

export function plistPath(system: boolean, userHome: string): string {
  return system
    ? join('/Library/LaunchDaemons', `${LAUNCHD_LABEL}.plist`)
    : join(userHome, 'Library', 'LaunchAgents', `${LAUNCHD_LABEL}.plist`);
}

const xml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
const str = (text: string) => `<string>${xml(text)}</string>`;

/** `env`: the environment file's variables (launchd has no such file: they go into the plist, 0600). */
export function renderLaunchdPlist(spec: ServiceSpec, env: Record<string, string> = {}): string {
  const log = join(spec.home, 'service.log');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
    '<!-- Written by `aibox service install`; `aibox service uninstall` removes it. -->',
    '<plist version="1.0">',
    '<dict>',
    `  <key>Label</key>${str(LAUNCHD_LABEL)}`,
    '  <key>ProgramArguments</key>',
    '  <array>',
    ...serveArgv(spec).map((word) => `    ${str(word)}`),
    '  </array>',
    `  <key>WorkingDirectory</key>${str(spec.home)}`,
    '  <key>EnvironmentVariables</key>',
    '  <dict>',
    ...Object.entries({ ...env, AIBOX_HOME: spec.home }).map(
      ([key, value]) => `    <key>${xml(key)}</key>${str(value)}`,
    ),
    '  </dict>',
    ...(spec.system ? [`  <key>UserName</key>${str(spec.user)}`] : []),
    '  <key>RunAtLoad</key><true/>',
    '  <key>KeepAlive</key>',
    '  <dict><key>SuccessfulExit</key><false/></dict>',
    '  <key>ThrottleInterval</key><integer>30</integer>',
    `  <key>ExitTimeOut</key><integer>${Math.ceil(SHUTDOWN_LIMIT_MS / 1000) + 7}</integer>`,
    `  <key>StandardOutPath</key>${str(log)}`,
    `  <key>StandardErrorPath</key>${str(log)}`,
    '</dict>',
    '</plist>',
    '',
  ].join('\n');
}
