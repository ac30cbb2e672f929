/** Asks for the server's access token (kept in localStorage under `aibox.token`, never in the URL). */
import { h } from './dom.js';
import type { Messages } from './i18n.js';

const TOKEN_KEY = 'aibox.token';

export interface TokenStore {
  get(): string;
  set(token: string): void;
  clear(): void;
}

export function createTokenStore(storage: Storage): TokenStore {
  return {
    get: () => storage.getItem(TOKEN_KEY) ?? '',
    set: (token) => storage.setItem(TOKEN_KEY, token),
    clear: () => storage.removeItem(TOKEN_KEY),
  };
}

/** Shows a modal dialog; resolves with the entered token. `problem` says why it is asked again (a refused token or link). */
export function promptForToken(t: Messages, problem?: string): Promise<string> {
  return new Promise((resolve) => {
    const input = h('input', {
      type: 'password',
      class: 'input',
      autocomplete: 'current-password',
      placeholder: t.tokenPlaceholder,
      required: true,
      'aria-label': t.tokenPlaceholder,
    });
    const dialog = h(
      'dialog',
      { class: 'token-dialog' },
      h(
        'form',
        { method: 'dialog' },
        h('h2', {}, t.tokenTitle),
        h('p', {}, t.tokenHelp),
        problem ? h('p', { class: 'card-error' }, problem) : null,
        input,
        h('div', { class: 'row end' }, h('button', { type: 'submit', class: 'btn primary' }, t.tokenSave)),
      ),
    );
    dialog.addEventListener('cancel', (event) => event.preventDefault());
    dialog.addEventListener('close', () => {
      const token = input.value.trim();
      dialog.remove();
      resolve(token);
    });
    document.body.append(dialog);
    dialog.showModal();
    input.focus();
  });
}
