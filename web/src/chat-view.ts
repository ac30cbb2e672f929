/** The chat tab: the conversation, and a composer (Enter sends, Shift+Enter new line) with stop and new chat. */

import type { ClientFrame, ServerFrame } from '../../src/protocol/frames.js';
import type { UploadDto } from '../../src/server/api/dto.js';
import type { Api } from './api-client.js';
import {
  createComposerAttachments,
  createPictureLoader,
  type PendingAttachment,
  pendingShown,
} from './attachments.js';
import { createChatLog } from './chat-log.js';
import type { Connection } from './connection.js';
import { h } from './dom.js';
import type { Messages } from './i18n.js';
import { createPressToTalk } from './press-to-talk.js';

export interface ChatView {
  el: HTMLElement;
  handle(frame: ServerFrame): void;
  notice(text: string, kind?: 'info' | 'error'): void;
  relabel(): void;
  focus(): void;
  /** Sending is possible only while connected (the text stays in the box meanwhile). */
  setOnline(online: boolean): void;
}

export function createChatView(
  connection: Connection,
  t: () => Messages,
  lang: () => string,
  forget?: (id: number) => Promise<boolean>,
  api?: Pick<Api, 'upload' | 'blob'>,
  /** Press-to-talk: the recording limit (`media.max_audio_s`) and where a refused microphone is said. */
  talk?: { maxSeconds: () => number; toast: (text: string) => void },
): ChatView {
  const log = createChatLog(
    t,
    lang,
    (frame) => connection.send(frame),
    forget,
    api ? createPictureLoader(api) : undefined,
  );
  const attached = api ? createComposerAttachments(api, t, (text) => log.notice(text, 'error')) : undefined;
  const input = h('textarea', {
    class: 'composer-input',
    rows: 1,
    'aria-label': t().send,
    enterkeyhint: 'send',
  });
  const sendButton = h('button', { type: 'submit', class: 'btn primary send' }, t().send);
  const abortButton = h('button', { type: 'button', class: 'btn danger abort', hidden: true }, t().abort);
  const newButton = h(
    'button',
    { type: 'button', class: 'btn ghost new-chat', title: t().newChat },
    t().newChat,
  );

  const autosize = () => {
    input.style.height = 'auto';
    input.style.height = `${Math.min(input.scrollHeight, 220)}px`;
  };
  /** Sends the text and the attachments (the composer's, and `extra`: a voice note just recorded). */
  const submit = (extra: PendingAttachment[] = []) => {
    const content = input.value.trim();
    const items = [...(attached?.items ?? []), ...extra];
    if (!content && items.length === 0) return;
    const queued = log.busy;
    const frame: ClientFrame =
      items.length > 0
        ? { type: 'message', content, attachments: items.map((item) => ({ upload: item.upload.id })) }
        : { type: 'message', content };
    if (!connection.send(frame)) {
      // Offline: the text and the attachments stay in the box (a voice note as a chip).
      for (const item of extra) attached?.keep(item);
      return;
    }
    log.addPending(content, queued, [...(attached?.shown() ?? []), ...extra.map(pendingShown)]);
    attached?.clear();
    input.value = '';
    autosize();
  };
  const talking =
    api && attached && talk
      ? createPressToTalk({
          t,
          maxSeconds: talk.maxSeconds,
          notice: talk.toast,
          done: (file) => {
            api.upload<UploadDto>('/uploads', file).then(
              (upload) => submit([{ upload, name: file.name }]),
              (error: unknown) =>
                talk.toast(
                  t().attachFailed(file.name, error instanceof Error ? error.message : String(error)),
                ),
            );
          },
        })
      : undefined;
  // A picture pasted into the text box or dropped on the chat is uploaded at once.
  input.addEventListener('paste', (event) => {
    const files = [...(event.clipboardData?.files ?? [])];
    if (!attached || files.length === 0) return;
    event.preventDefault();
    void attached.add(files);
  });

  input.addEventListener('input', autosize);
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      submit();
    }
  });
  abortButton.addEventListener('click', () => connection.send({ type: 'abort' }));
  newButton.addEventListener('click', () => {
    if (window.confirm(t().newChatConfirm)) connection.send({ type: 'command', command: '/new' });
  });
  log.onBusyChange((busy) => {
    abortButton.hidden = !busy;
    el.classList.toggle('busy', busy);
  });

  const form = h(
    'form',
    {
      class: 'composer',
      onsubmit: (event: Event) => {
        event.preventDefault();
        submit();
      },
    },
    newButton,
    attached ? attached.button : null,
    talking ? talking.button : null,
    h('div', { class: 'composer-main' }, attached ? attached.el : null, input),
    abortButton,
    sendButton,
  );
  const el = h('section', { class: 'view chat-view' }, log.el, form);
  el.addEventListener('dragover', (event) => {
    if (attached && event.dataTransfer?.types.includes('Files')) event.preventDefault();
  });
  el.addEventListener('drop', (event) => {
    const files = [...(event.dataTransfer?.files ?? [])];
    if (!attached || files.length === 0) return;
    event.preventDefault();
    void attached.add(files);
  });

  const narrow = window.matchMedia('(max-width: 640px)');
  const relabel = () => {
    // Phones get the short hint: the long one would wrap inside a one-line box.
    input.placeholder = narrow.matches ? t().composerPlaceholderShort : t().composerPlaceholder;
    sendButton.textContent = t().send;
    abortButton.textContent = t().abort;
    newButton.textContent = t().newChat;
    attached?.relabel();
    talking?.relabel();
    log.relabel();
  };
  relabel();
  narrow.addEventListener('change', relabel);

  return {
    el,
    handle(frame) {
      if (frame.type === 'history') log.renderHistory(frame.messages);
      else log.handle(frame);
    },
    notice: log.notice,
    relabel,
    focus: () => input.focus(),
    setOnline(online) {
      sendButton.disabled = !online;
      el.classList.toggle('offline', !online);
    },
  };
}
