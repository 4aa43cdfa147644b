import { h } from '../dom.js';
import { describeError } from '../describe-error.js';
import { cliCallbackUrl, parseCliAuthorize } from '../cli-authorize.js';
import { api, session } from '../session.js';
import type { View } from './view.js';

/**
 * The page a `crema login` opens: says who asks for what, and on Approve mints the key
 * (`POST /api/authorize/cli-token`) and hands it to the CLI's callback on 127.0.0.1; Deny tells
 * the CLI so, and it stops waiting.
 */
export const authorizeView: View = async (main, ctx) => {
  const request = parseCliAuthorize(location.hash);
  if (!request) {
    main.append(
      h('h1', { tabindex: '-1' }, 'Approve CLI login'),
      h('p', { class: 'warning' }, 'This is not a valid crema CLI login link, so nothing was approved. Run ', h('code', {}, 'crema login'), ' again and open the link it prints.'),
      h('p', {}, h('a', { href: '#/overview' }, 'Go to the overview')),
    );
    return;
  }
  const host = request.host ?? 'unknown host';
  const approve = h('button', { type: 'button', id: 'approve' }, 'Approve');
  const deny = h('button', { type: 'button', class: 'secondary', id: 'deny' }, 'Deny');
  const buttons = [approve, deny];
  const busy = (on: boolean) => buttons.forEach((b) => (b.disabled = on));

  approve.addEventListener('click', async () => {
    busy(true);
    try {
      const { data, error, response } = await api().POST('/api/authorize/cli-token', { body: request.host ? { host: request.host } : {} });
      if (response.status === 401) {
        // ctx.signOut would leave this link; a reload keeps it and shows the sign-in form first
        session.end();
        return location.reload();
      }
      if (!data) {
        busy(false);
        return ctx.notify(describeError(error, response.status), 'error');
      }
      ctx.notify(`Created key “${data.key_name}”; handing it to the terminal…`);
      location.assign(cliCallbackUrl(request, { token: data.token }));
    } catch (err) {
      busy(false);
      ctx.notify(`Network error: ${(err as Error).message}`, 'error');
    }
  });
  deny.addEventListener('click', () => {
    busy(true);
    location.assign(cliCallbackUrl(request, { error: 'access_denied' }));
  });

  main.append(
    h('h1', { tabindex: '-1' }, 'Approve CLI login'),
    h(
      'section',
      { class: 'card', 'aria-labelledby': 'cli-ask' },
      h('h2', { id: 'cli-ask' }, h('code', {}, 'crema login'), ' on ', h('strong', {}, host), ' asks for an API key'),
      h(
        'ul',
        {},
        h('li', {}, 'Approving creates a key named ', h('strong', {}, `CLI login ${host} ${new Date().toISOString().slice(0, 10)}`), ' for ', h('strong', {}, session.email() ?? 'your account'), '; what it compresses is billed to your credit.'),
        h('li', {}, `An earlier CLI login key of ${host}, if there is one, is revoked. Other keys are not touched.`),
        h('li', {}, 'The key goes only to the login waiting on this computer, at ', h('code', {}, `http://127.0.0.1:${request.port}`), '.'),
      ),
      h('p', { class: 'warning' }, 'Approve only if you just ran ', h('code', {}, 'crema login'), ' yourself.'),
      h('div', { class: 'actions' }, approve, deny),
    ),
  );
};
