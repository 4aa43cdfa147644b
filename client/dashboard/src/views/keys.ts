import type { components } from '../../../../generated/schema.js';
import { field, h, replace } from '../dom.js';
import { int, usd, when } from '../format.js';
import { describeError } from '../describe-error.js';
import { api, playgroundKey } from '../session.js';
import type { View, ViewContext } from './view.js';

type ApiKey = components['schemas']['ApiKey'];
type CreateBody = components['schemas']['ApiKeyCreateRequest'];

/** Asks in a modal dialog (focus trapped by the browser, Escape cancels); resolves true on confirm. */
function confirmDialog(title: string, text: string, confirmLabel: string): Promise<boolean> {
  return new Promise((resolve) => {
    const cancel = h('button', { type: 'button', class: 'secondary', value: 'cancel' }, 'Cancel');
    const ok = h('button', { type: 'button', class: 'danger', value: 'ok' }, confirmLabel);
    const dialog = h('dialog', { 'aria-labelledby': 'confirm-title', 'aria-describedby': 'confirm-text' }, h('h2', { id: 'confirm-title' }, title), h('p', { id: 'confirm-text' }, text), h('div', { class: 'actions' }, cancel, ok));
    const done = (answer: boolean) => {
      dialog.close();
      dialog.remove();
      resolve(answer);
    };
    cancel.addEventListener('click', () => done(false));
    ok.addEventListener('click', () => done(true));
    dialog.addEventListener('cancel', (e) => {
      e.preventDefault();
      done(false);
    });
    document.body.append(dialog);
    dialog.showModal();
    cancel.focus();
  });
}

/** The one time a key's full value is visible: read-only field, copy button and a warning. */
function newKeyPanel(key: string, name: string, onDismiss: () => void, ctx: ViewContext): HTMLElement {
  const value = h('input', { type: 'text', readonly: true, value: key, id: 'new-key-value', class: 'mono', spellcheck: 'false', autocomplete: 'off' });
  const copy = h('button', { type: 'button' }, 'Copy');
  copy.addEventListener('click', async () => {
    value.select();
    try {
      await navigator.clipboard.writeText(key);
      ctx.notify('Key copied to the clipboard.');
    } catch {
      // Clipboard access can be refused (permissions, non-secure origin): the text is selected for Ctrl+C.
      ctx.notify('Copy was refused by the browser; the key is selected, press Ctrl+C.', 'error');
    }
  });
  const dismiss = h('button', { type: 'button', class: 'secondary' }, 'I have stored it');
  dismiss.addEventListener('click', onDismiss);
  return h(
    'section',
    { class: 'card new-key', id: 'new-key', 'aria-labelledby': 'new-key-title' },
    h('h2', { id: 'new-key-title' }, `New key “${name}”`),
    h('p', { class: 'warning' }, h('strong', {}, 'Store this key now. '), 'It is shown only once and cannot be recovered; if you lose it, revoke it and create another. It stays usable in the playground until you reload this page.'),
    field('Full API key', value),
    h('div', { class: 'actions' }, copy, dismiss),
  );
}

function createForm(ctx: ViewContext, onCreated: (key: string, name: string) => void): HTMLFormElement {
  const name = h('input', { type: 'text', name: 'name', required: true, maxlength: 100, value: 'dashboard' });
  const scope = h('select', { name: 'scope' }, h('option', { value: 'user' }, 'user (every route)'), h('option', { value: 'demo' }, 'demo (single question-specific route only)'));
  const budget = h('input', { type: 'number', name: 'budget', min: '0.01', step: '0.01', inputmode: 'decimal' });
  const expires = h('input', { type: 'datetime-local', name: 'expires' });
  const cap = h('input', { type: 'number', name: 'cap', min: '1', step: '1', inputmode: 'numeric' });
  const submit = h('button', { type: 'submit' }, 'Create key');
  const form = h(
    'form',
    { class: 'card', 'aria-labelledby': 'create-title' },
    h('h2', { id: 'create-title' }, 'Create a key'),
    h('div', { class: 'grid fields' }, field('Name', name), field('Scope', scope), field('Monthly budget (USD)', budget, 'Optional. Requests get 402 once it is spent.'), field('Expires at (UTC)', expires, 'Optional.'), field('Daily request cap', cap, 'Optional.')),
    submit,
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const body: CreateBody = { name: name.value.trim(), scope: scope.value === 'demo' ? 'demo' : 'user' };
    if (budget.value) body.monthly_budget_usd = Number(budget.value);
    if (expires.value) body.expires_at = new Date(`${expires.value}Z`).toISOString();
    if (cap.value) body.daily_request_cap = Number(cap.value);
    submit.disabled = true;
    const { data, error, response } = await api().POST('/api/keys', { body });
    submit.disabled = false;
    if (response.status === 401) return void (await ctx.signOut());
    if (!data) return ctx.notify(describeError(error, response.status), 'error');
    onCreated(data.data.key, data.data.name);
  });
  return form;
}

function keyRow(key: ApiKey, ctx: ViewContext, refresh: () => Promise<void>): HTMLTableRowElement {
  const actions = h('td', { class: 'actions' });
  if (key.status === 'ACTIVE') {
    const budgetButton = h('button', { type: 'button', class: 'secondary', 'aria-label': `Change budget of ${key.name}` }, 'Change budget');
    const revoke = h('button', { type: 'button', class: 'danger', 'aria-label': `Revoke ${key.name}` }, 'Revoke');
    budgetButton.addEventListener('click', () => {
      const input = h('input', { type: 'number', min: '0.01', step: '0.01', inputmode: 'decimal', value: key.monthly_budget_usd ?? '' });
      const save = h('button', { type: 'submit' }, 'Save');
      const form = h('form', { class: 'inline' }, field(`New monthly budget for ${key.name} (USD, empty for none)`, input), save);
      form.addEventListener('submit', async (event) => {
        event.preventDefault();
        const value = input.value === '' ? null : Number(input.value);
        const { error, response } = await api().PATCH('/api/keys/{key_id}', { params: { path: { key_id: key.id } }, body: { monthly_budget_usd: value } });
        if (error) return ctx.notify(describeError(error, response.status), 'error');
        ctx.notify(`Budget of ${key.name} is now ${value === null ? 'unlimited' : usd(value)}.`);
        await refresh();
      });
      replace(actions, form);
      input.focus();
    });
    revoke.addEventListener('click', async () => {
      const yes = await confirmDialog(`Revoke “${key.name}”?`, `Requests with ${key.prefix}… will be refused (401) at once. This cannot be undone.`, 'Revoke key');
      if (!yes) return;
      const { error, response } = await api().DELETE('/api/keys/{key_id}', { params: { path: { key_id: key.id } } });
      if (error) return ctx.notify(describeError(error, response.status), 'error');
      ctx.notify(`Key ${key.name} revoked.`);
      await refresh();
    });
    actions.append(budgetButton, revoke);
  }
  // data-label names each cell in the phone layout, where every row is a card (styles.css).
  const cell = (label: string, attrs: Record<string, string>, ...content: (Node | string)[]) => h('td', { 'data-label': label, ...attrs }, ...content);
  return h(
    'tr',
    { 'data-key-id': key.id },
    h('th', { scope: 'row' }, key.name),
    cell('Key', { class: 'mono' }, `${key.prefix}…`),
    cell('Scope', {}, key.scope),
    cell('Status', {}, h('span', { class: `badge ${key.status.toLowerCase()}` }, key.status)),
    cell('Budget / month', { class: 'num' }, key.monthly_budget_usd === null ? 'none' : usd(key.monthly_budget_usd)),
    cell('Spent this month', { class: 'num' }, usd(key.spent_this_month_usd)),
    cell('Expires', { class: 'when' }, when(key.expires_at)),
    cell('Daily cap', { class: 'num' }, key.daily_request_cap === null ? 'none' : int(key.daily_request_cap)),
    cell('Last used', { class: 'when' }, when(key.last_used_at)),
    actions,
  );
}

/** List, create, re-budget and revoke API keys. */
export const keysView: View = async (main, ctx) => {
  const tbody = h('tbody', {});
  const panel = h('div', {});
  const refresh = async () => {
    const { data, error, response } = await api().GET('/api/keys');
    if (response.status === 401) return void (await ctx.signOut());
    if (!data) return ctx.notify(describeError(error, response.status), 'error');
    const keys = [...data.data.keys].sort((a, b) => Number(b.status === 'ACTIVE') - Number(a.status === 'ACTIVE') || b.created_at.localeCompare(a.created_at));
    replace(tbody, ...(keys.length ? keys.map((k) => keyRow(k, ctx, refresh)) : [h('tr', {}, h('td', { colspan: 10 }, 'No keys yet.'))]));
  };
  const form = createForm(ctx, (key, name) => {
    playgroundKey.value = key;
    replace(panel, newKeyPanel(key, name, () => replace(panel), ctx));
    (panel.querySelector('#new-key-value') as HTMLInputElement | null)?.focus();
    void refresh();
  });
  replace(
    main,
    h('h1', { tabindex: '-1' }, 'API keys'),
    panel,
    form,
    h(
      'section',
      { 'aria-labelledby': 'keys-title' },
      h('h2', { id: 'keys-title' }, 'Your keys'),
      h(
        'div',
        { class: 'table-wrap' },
        h('table', { id: 'keys-table', class: 'cards' }, h('thead', {}, h('tr', {}, ...['Name', 'Key', 'Scope', 'Status', 'Budget / month', 'Spent this month', 'Expires', 'Daily cap', 'Last used', 'Actions'].map((c) => h('th', { scope: 'col' }, c)))), tbody),
      ),
    ),
  );
  await refresh();
};
