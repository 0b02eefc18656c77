// Sign in: the appId and appKey are checked with GET /rest/echo/authenticate and kept in this tab's session storage.
import { Api } from '../api.ts';
import { field, h } from '../dom.ts';
import { saveCredentials, type Credentials } from '../session.ts';
import { errorBox } from '../ui.ts';

export function signInPage(done: (c: Credentials, who: Who) => void): HTMLElement {
  const appId = h('input', { name: 'appId', autocomplete: 'username', required: true, spellcheck: 'false' });
  const appKey = h('input', { name: 'appKey', type: 'password', autocomplete: 'current-password', required: true });
  const message = h('div', { 'aria-live': 'polite' });
  const button = h('button', { type: 'submit' }, 'Sign in');
  const form = h(
    'form',
    {
      class: 'card narrow',
      onsubmit: async (event: Event) => {
        event.preventDefault();
        const c = { appId: appId.value.trim(), appKey: appKey.value.trim() };
        button.disabled = true;
        message.replaceChildren(h('p', { class: 'busy' }, 'Checking the key…'));
        try {
          const res = await new Api(c).get<Who>('/rest/echo/authenticate');
          saveCredentials(c);
          done(c, res.results[0]!);
        } catch (err) {
          message.replaceChildren(errorBox(err));
          appKey.focus();
        } finally {
          button.disabled = false;
        }
      },
    },
    h('h1', { tabindex: -1 }, 'Sign in'),
    h(
      'p',
      {},
      'Use an appId and appKey of this Ratebook (the first start prints a demo pair; ',
      h('code', {}, 'ratebook keys create'),
      ' makes more). The key stays in this browser tab only and is sent with each API call.',
    ),
    field('App ID', appId),
    field('App key', appKey),
    button,
    message,
  );
  return form;
}

export interface Who {
  appId: string;
  organizationName: string | null;
  tiers: string[];
}
