/** The app (composition root) that tests start without a server, and harnesses start under one. */
import { type App, type CreateAppOptions, createApp } from '../../src/app/create-app.js';
import { CHANNEL_KINDS } from '../../src/channels/channel-kinds.js';

/**
 * The real composition root as tests start it: every channel kind, nothing on the console, no
 * skills watcher and no scheduler. A key given in `options` wins (even one given as undefined).
 */
export function createQuietApp(
  options: Omit<CreateAppOptions, 'channels'> & Partial<Pick<CreateAppOptions, 'channels'>>,
): Promise<App> {
  return createApp({
    channels: CHANNEL_KINDS,
    consoleLevel: 'silent',
    watchSkills: false,
    scheduler: false,
    ...options,
  });
}
