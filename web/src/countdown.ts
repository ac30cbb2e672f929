import { h } from './dom.js';

export interface Countdown {
  el: HTMLElement;
  /** Stops the ticking (the card was decided). */
  stop(): void;
}

/**
 * The seconds left until `expiresAt` (ISO), as `text(seconds)`, updated every second until zero
 * or `stop()`. An unreadable time shows nothing.
 */
export function startCountdown(expiresAt: string, text: (seconds: number) => string): Countdown {
  const el = h('span', { class: 'approval-countdown' });
  const end = Date.parse(expiresAt);
  let stopped = false;
  const tick = () => {
    const left = Math.max(0, Math.round((end - Date.now()) / 1000));
    el.textContent = Number.isNaN(left) ? '' : text(left);
    if (left === 0 || stopped) window.clearInterval(timer);
  };
  const timer = window.setInterval(tick, 1000);
  tick();
  return {
    el,
    stop() {
      stopped = true;
      window.clearInterval(timer);
    },
  };
}
