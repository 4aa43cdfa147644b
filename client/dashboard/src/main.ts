import { AUTHORIZE_ROUTE } from './cli-authorize.js';
import { h, replace } from './dom.js';
import { api, session } from './session.js';
import { authorizeView } from './views/authorize.js';
import { keysView } from './views/keys.js';
import { overviewView } from './views/overview.js';
import { playgroundView } from './views/playground.js';
import { signInView } from './views/sign-in.js';
import type { View, ViewContext } from './views/view.js';

const ROUTES: Record<string, { title: string; view: View }> = {
  overview: { title: 'Overview', view: overviewView },
  keys: { title: 'API keys', view: keysView },
  playground: { title: 'Playground', view: playgroundView },
};

// Reached by link only (from `crema login`), so not in the navigation.
const LINKED: Record<string, { title: string; view: View }> = {
  [AUTHORIZE_ROUTE]: { title: 'Approve CLI login', view: authorizeView },
};
/** The route of the hash, without the query some routes carry (`#/authorize?port=..`). */
const routeName = (): string => location.hash.replace(/^#\/?/, '').split('?')[0]!;

const root = document.getElementById('app')!;
let cleanup: (() => void) | void;

async function signOut(message?: string): Promise<void> {
  // Best effort: the session is dropped locally whatever the server says.
  if (session.token()) await api().POST('/api/auth/logout-session').catch(() => undefined);
  session.end();
  location.hash = '#/sign-in';
  await render(message);
}

async function render(message?: string): Promise<void> {
  cleanup?.();
  cleanup = undefined;
  const status = h('p', { id: 'status', role: 'status', class: 'status' });
  const alert = h('p', { id: 'alert', role: 'alert', class: 'alert' });
  const notify: ViewContext['notify'] = (text, kind = 'info') => {
    (kind === 'error' ? alert : status).textContent = text;
    (kind === 'error' ? status : alert).textContent = '';
  };
  const main = h('main', { id: 'main', tabindex: '-1' });

  if (!session.token()) {
    replace(root, h('header', { class: 'top' }, h('span', { class: 'brand' }, 'crema')), status, alert, main);
    // After signing in, a CLI login link goes on to its approve page instead of the overview.
    const linked = routeName() in LINKED;
    await signInView(main, { notify, signOut, go: (route) => (linked ? void render() : navigate(route)) });
    if (message) notify(message, 'error');
    else if (linked) notify('Sign in to approve the crema CLI login.');
    return;
  }

  const name = routeName();
  const route = ROUTES[name] ?? LINKED[name] ?? ROUTES['overview']!;
  const nav = h(
    'nav',
    { 'aria-label': 'Dashboard' },
    h(
      'ul',
      {},
      ...Object.entries(ROUTES).map(([id, r]) =>
        h('li', {}, h('a', { href: `#/${id}`, 'aria-current': r === route ? 'page' : false }, r.title)),
      ),
      h('li', {}, h('button', { type: 'button', class: 'link', onclick: () => void signOut() }, 'Sign out')),
    ),
  );
  replace(root, h('header', { class: 'top' }, h('span', { class: 'brand' }, 'crema'), h('span', { class: 'who' }, session.email() ?? ''), nav), status, alert, main);
  document.title = `${route.title} · crema dashboard`;
  cleanup = await route.view(main, {
    notify,
    go: navigate,
    // A 401 from a bearer route means the session expired or was revoked elsewhere.
    signOut: (why?: string) => signOut(why ?? 'Your session ended; sign in again.'),
  });
  main.querySelector('h1')?.focus();
}

function navigate(route: string): void {
  if (location.hash === `#/${route}`) void render();
  else location.hash = `#/${route}`;
}

window.addEventListener('hashchange', () => void render());
void render();
