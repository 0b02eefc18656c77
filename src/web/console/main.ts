// The console's shell: sign-in, the navigation and a hash router (#/utilities, #/tariff/{id}, #/bill, #/prices,
// #/baseline, #/savings, #/jobs). Routes are links, so the back button, bookmarks and the keyboard work as on any page.
import { Api } from './api.ts';
import { h } from './dom.ts';
import { baselinePage } from './pages/baseline.ts';
import { billPage } from './pages/bill.ts';
import { jobsPage } from './pages/jobs.ts';
import { pricesPage } from './pages/prices.ts';
import { savingsPage } from './pages/savings.ts';
import { signInPage, type Who } from './pages/signin.ts';
import { tariffPage } from './pages/tariff.ts';
import { utilitiesPage } from './pages/utilities.ts';
import { clearCredentials, loadCredentials, type Credentials } from './session.ts';
import type { PageContext } from './ui.ts';

const NAV: [route: string, label: string][] = [
  ['#/utilities', 'Utilities'],
  ['#/bill', 'Bill calculator'],
  ['#/prices', 'Smart price'],
  ['#/baseline', 'Baseline'],
  ['#/savings', 'Solar savings'],
  ['#/jobs', 'Jobs'],
];

const main = document.getElementById('main')!;
const nav = document.getElementById('nav')!;
const who = document.getElementById('who')!;

function go(route: string): void {
  if (location.hash === route) render();
  else location.hash = route;
}

function page(c: Credentials, hash: string): HTMLElement {
  const ctx: PageContext = { api: new Api(c), go };
  const [path, query] = hash.replace(/^#/, '').split('?') as [string, string | undefined];
  const params = new URLSearchParams(query ?? '');
  const parts = path.split('/').filter(Boolean);
  switch (parts[0]) {
    case 'tariff':
      return tariffPage(ctx, parts[1] ?? '');
    case 'bill':
      return billPage(ctx, params);
    case 'prices':
      return pricesPage(ctx, params);
    case 'baseline':
      return baselinePage(ctx, params);
    case 'savings':
      return savingsPage(ctx, params);
    case 'jobs':
      return jobsPage(ctx);
    default:
      return utilitiesPage(ctx, params);
  }
}

function showNav(c: Credentials | null, identity?: Who): void {
  if (!c) {
    nav.replaceChildren();
    who.replaceChildren();
    return;
  }
  const current = `#/${location.hash.replace(/^#\/?/, '').split(/[/?]/)[0] || 'utilities'}`;
  nav.replaceChildren(
    h(
      'ul',
      {},
      NAV.map(([route, label]) =>
        h('li', {}, h('a', { href: route, 'aria-current': current === route ? 'page' : null }, label)),
      ),
    ),
  );
  who.replaceChildren(
    h(
      'span',
      { class: 'identity' },
      c.appId,
      identity
        ? h(
            'span',
            { class: 'tiers' },
            ` (${identity.organizationName ?? 'no organization'}; tiers: ${identity.tiers.join(', ') || 'none'})`,
          )
        : null,
    ),
    ' ',
    h(
      'button',
      {
        type: 'button',
        class: 'link',
        onclick: () => {
          clearCredentials();
          render();
        },
      },
      'Sign out',
    ),
  );
}

let identity: Who | undefined;

function render(): void {
  const c = loadCredentials();
  showNav(c, identity);
  const view = c
    ? page(c, location.hash || '#/utilities')
    : signInPage((_signed, whoami) => {
        identity = whoami;
        render();
      });
  main.replaceChildren(view);
  document.title = `${view.querySelector('h1')?.textContent ?? 'Console'} · Ratebook console`;
  // Moving to a page moves the keyboard focus to its heading, as a page load would (screen readers announce it).
  (view.querySelector('h1') as HTMLElement | null)?.focus();
}

window.addEventListener('hashchange', render);
render();
