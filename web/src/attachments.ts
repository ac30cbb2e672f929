/**
 * Pictures and files in the chat: the composer's 📎 button, paste and drop upload each file at
 * once (`POST /api/uploads`, the server tells what it is by its bytes) and show it as a chip until
 * the message is sent with their ids; thumbnails of a message's pictures are fetched with the
 * page's credentials (`GET /api/pictures/{id}`) and shown as `data:` URLs (the page's CSP allows
 * no `blob:`).
 */
import type { WireAttachment } from '../../src/protocol/frames.js';
import type { UploadDto } from '../../src/server/api/dto.js';
import type { Api } from './api-client.js';
import { h } from './dom.js';
import type { Messages } from './i18n.js';

/** Attachments one message may carry (the server's `MAX_ATTACHMENTS`). */
const MAX_ATTACHMENTS = 10;

/** A picture picked in this page, shown before the server has it in a message. */
export interface Preview {
  kind: 'preview';
  name: string;
  url: string;
}

export interface PendingAttachment {
  upload: UploadDto;
  name: string;
  /** A `data:` URL of the picture as picked, for the chip and the pending bubble. */
  preview?: string;
}

const readDataUrl = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });

/** Thumbnails of stored pictures: each fetched once per page. */
export function createPictureLoader(api: Pick<Api, 'blob'>) {
  const cache = new Map<string, Promise<string>>();
  return (id: string): Promise<string> => {
    let url = cache.get(id);
    if (!url) {
      url = api.blob(`/pictures/${encodeURIComponent(id)}`).then(readDataUrl);
      url.catch(() => cache.delete(id));
      cache.set(id, url);
    }
    return url;
  };
}

export type PictureLoader = ReturnType<typeof createPictureLoader>;

/** The row of a message's pictures (and named files) under its text. */
export function attachmentRow(
  attachments: readonly (WireAttachment | Preview)[],
  load: PictureLoader,
  t: Messages,
): HTMLElement | null {
  if (attachments.length === 0) return null;
  return h(
    'div',
    { class: 'attachments' },
    attachments.map((a) => {
      if (a.kind === 'preview') return h('img', { class: 'thumb', src: a.url, alt: a.name, title: a.name });
      if (a.kind !== 'image')
        return h('span', { class: 'file-chip' }, `${a.kind === 'audio' ? '🎤' : '📄'} ${a.name}`);
      const img = h('img', {
        class: 'thumb',
        alt: `${t.picture} ${a.name}`,
        title: a.name,
        'data-picture': a.id,
      });
      void load(a.id).then(
        (url) => {
          img.src = url;
        },
        () => img.classList.add('missing'),
      );
      return img;
    }),
  );
}

/** What the pending bubble shows of an attachment before the server has it in a message. */
export function pendingShown(item: PendingAttachment): WireAttachment | Preview {
  if (item.preview) return { kind: 'preview', name: item.name, url: item.preview };
  return { kind: item.upload.kind === 'audio' ? 'audio' : 'file', name: item.name, bytes: item.upload.bytes };
}

export interface Composer {
  /** The chips above the text box. */
  el: HTMLElement;
  /** The 📎 button. */
  button: HTMLElement;
  readonly items: readonly PendingAttachment[];
  add(files: Iterable<File>): Promise<void>;
  /** Keeps an attachment already uploaded (a voice note that could not be sent) as a chip. */
  keep(item: PendingAttachment): void;
  clear(): void;
  relabel(): void;
  /** What the pending bubble shows of them. */
  shown(): (WireAttachment | Preview)[];
}

export function createComposerAttachments(
  api: Pick<Api, 'upload'>,
  t: () => Messages,
  notice: (text: string) => void,
): Composer {
  const items: PendingAttachment[] = [];
  const el = h('div', { class: 'composer-attachments', hidden: true });
  const picker = h('input', { type: 'file', multiple: true, hidden: true, class: 'attach-input' });
  const button = h(
    'button',
    { type: 'button', class: 'btn ghost attach', title: t().attach, 'aria-label': t().attach },
    '📎',
    picker,
  );

  const render = () => {
    el.hidden = items.length === 0;
    el.replaceChildren(
      ...items.map((item, index) =>
        h(
          'span',
          { class: 'attachment-chip', 'data-kind': item.upload.kind },
          item.preview
            ? h('img', { class: 'thumb', src: item.preview, alt: item.name })
            : `${item.upload.kind === 'audio' ? '🎤' : '📄'} ${item.name}`,
          h(
            'button',
            {
              type: 'button',
              class: 'chip-remove',
              title: t().removeAttachment,
              onclick: () => {
                items.splice(index, 1);
                render();
              },
            },
            '×',
          ),
        ),
      ),
    );
  };

  const add = async (files: Iterable<File>) => {
    for (const file of files) {
      if (items.length >= MAX_ATTACHMENTS) break;
      try {
        const upload = await api.upload<UploadDto>('/uploads', file);
        const preview = upload.kind === 'image' ? await readDataUrl(file).catch(() => undefined) : undefined;
        items.push({ upload, name: file.name, ...(preview ? { preview } : {}) });
        render();
      } catch (error) {
        notice(t().attachFailed(file.name, error instanceof Error ? error.message : String(error)));
      }
    }
  };

  button.addEventListener('click', (event) => {
    if (event.target !== picker) picker.click();
  });
  picker.addEventListener('change', () => {
    const files = [...(picker.files ?? [])];
    picker.value = '';
    void add(files);
  });

  return {
    el,
    button,
    items,
    add,
    keep(item) {
      if (items.length >= MAX_ATTACHMENTS) return;
      items.push(item);
      render();
    },
    shown: () => items.map(pendingShown),
    clear() {
      items.splice(0);
      render();
    },
    relabel() {
      button.title = t().attach;
      button.setAttribute('aria-label', t().attach);
    },
  };
}
