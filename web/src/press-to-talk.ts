/**
 * The composer's 🎤 press-to-talk button (docs/web.md, "Chat"): held down (mouse, touch, pen) it
 * records until released; a short click, Enter or Space starts it and the next one stops it;
 * Escape throws the recording away. Recording is the browser's MediaRecorder (Opus in WebM where it
 * can), ends by itself at `maxSeconds`, and the finished file goes to `done` (which uploads it and
 * sends it). Absent (undefined) where the browser cannot record.
 */
import { h } from './dom.js';
import type { Messages } from './i18n.js';

/** Held at least this long, the release stops the recording; shorter is a click (start, then stop). */
const HOLD_MS = 400;
/** What the page asks MediaRecorder for, best first (the box reads each, docs/media.md "Voice"). */
const TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/webm', 'audio/mp4'];

export interface PressToTalk {
  button: HTMLElement;
  relabel(): void;
}

export interface PressToTalkOptions {
  t: () => Messages;
  /** The box's `media.max_audio_s`. */
  maxSeconds: () => number;
  notice: (text: string) => void;
  done: (file: File) => void;
}

export function canRecord(): boolean {
  return typeof MediaRecorder !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

const extensionOf = (type: string) => (type.includes('ogg') ? 'ogg' : type.includes('mp4') ? 'm4a' : 'webm');

type State =
  | { kind: 'idle' }
  | { kind: 'starting'; cancelled: boolean }
  | { kind: 'recording'; recorder: MediaRecorder; startedAt: number; timer: number; discard: boolean };

export function createPressToTalk(options: PressToTalkOptions): PressToTalk | undefined {
  if (!canRecord()) return undefined;
  const { t } = options;
  const elapsed = h('span', { class: 'talk-elapsed', hidden: true });
  const button = h(
    'button',
    { type: 'button', class: 'btn ghost talk', 'aria-pressed': 'false' },
    h('span', { class: 'talk-icon' }, '🎤'),
    elapsed,
  );
  let state: State = { kind: 'idle' };
  let pressedAt = 0;
  let stopOnRelease = false;

  const label = () => {
    const recording = state.kind === 'recording';
    const text = recording ? t().talkStop : t().talk;
    button.title = text;
    button.setAttribute('aria-label', text);
    button.setAttribute('aria-pressed', String(recording));
    button.classList.toggle('recording', recording);
    elapsed.hidden = !recording;
  };
  const tick = () => {
    if (state.kind !== 'recording') return;
    const seconds = Math.floor((performance.now() - state.startedAt) / 1000);
    elapsed.textContent = t().talkElapsed(seconds, options.maxSeconds());
    if (seconds >= options.maxSeconds()) stop(false);
  };

  const start = async () => {
    if (state.kind !== 'idle') return;
    const starting: State = { kind: 'starting', cancelled: false };
    state = starting;
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      state = { kind: 'idle' };
      const name = error instanceof DOMException ? error.name : '';
      options.notice(
        name === 'NotAllowedError' || name === 'SecurityError'
          ? t().micRefused
          : t().micFailed(error instanceof Error ? error.message : String(error)),
      );
      label();
      return;
    }
    const release = () => {
      for (const track of stream.getTracks()) track.stop();
    };
    if (starting.cancelled) {
      state = { kind: 'idle' };
      release();
      return;
    }
    const type = TYPES.find((candidate) => MediaRecorder.isTypeSupported(candidate));
    let recorder: MediaRecorder;
    try {
      recorder = new MediaRecorder(stream, type ? { mimeType: type } : {});
    } catch (error) {
      state = { kind: 'idle' };
      release();
      options.notice(t().micFailed(error instanceof Error ? error.message : String(error)));
      return;
    }
    const chunks: Blob[] = [];
    recorder.addEventListener('dataavailable', (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    });
    recorder.addEventListener('stop', () => {
      release();
      const ended = state;
      state = { kind: 'idle' };
      label();
      if (ended.kind !== 'recording' || ended.discard || chunks.length === 0) return;
      const mime = recorder.mimeType || type || 'audio/webm';
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      options.done(new File(chunks, `voice-${stamp}.${extensionOf(mime)}`, { type: mime }));
    });
    recorder.start();
    state = { kind: 'recording', recorder, startedAt: performance.now(), timer: 0, discard: false };
    state.timer = window.setInterval(tick, 250);
    tick();
    label();
  };

  /** Ends the recording: kept (sent) unless `discard`. */
  const stop = (discard: boolean) => {
    if (state.kind === 'starting') {
      state.cancelled = true;
      return;
    }
    if (state.kind !== 'recording') return;
    window.clearInterval(state.timer);
    state.discard = discard;
    if (state.recorder.state !== 'inactive') state.recorder.stop();
  };

  button.addEventListener('pointerdown', (event) => {
    if (event.button !== 0) return;
    event.preventDefault(); // no focus steal, no text selection, no long-press menu
    button.setPointerCapture?.(event.pointerId);
    pressedAt = performance.now();
    stopOnRelease = state.kind === 'recording';
    if (state.kind === 'idle') void start();
  });
  button.addEventListener('pointerup', () => {
    const held = performance.now() - pressedAt >= HOLD_MS;
    if (state.kind === 'recording' && (stopOnRelease || held)) stop(false);
  });
  // Enter and Space click without a pointer (`detail` 0): start, then stop.
  button.addEventListener('click', (event) => {
    if (event.detail !== 0) return;
    if (state.kind === 'idle') void start();
    else stop(false);
  });
  button.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') stop(true);
  });
  button.addEventListener('contextmenu', (event) => event.preventDefault());

  label();
  return { button, relabel: label };
}
