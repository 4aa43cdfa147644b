import type { Chart } from 'chart.js';
import type { components } from '../../../../generated/schema.js';
import { tokensAndCostChart, type GroupKind } from '../charts.js';
import { h, replace } from '../dom.js';
import { int, plural, usd, when } from '../format.js';
import { describeError } from '../describe-error.js';
import { api } from '../session.js';
import type { View } from './view.js';

type UsageGroup = components['schemas']['UsageGroup'];
type LedgerEntry = components['schemas']['LedgerEntry'];

const card = (title: string, ...body: (Node | string)[]) => h('section', { class: 'card stat' }, h('h2', {}, title), ...body);

/** A text alternative to a chart: the same numbers, as a table. */
function usageTable(caption: string, groups: UsageGroup[], headline: string): HTMLElement {
  return h(
    'div',
    { class: 'table-wrap' },
    h(
      'table',
      {},
      h('caption', {}, caption),
      h('thead', {}, h('tr', {}, ...[headline, 'Requests', 'Original tokens', 'Compressed tokens', 'Saved', 'Cost'].map((c) => h('th', { scope: 'col' }, c)))),
      h(
        'tbody',
        {},
        ...(groups.length === 0
          ? [h('tr', {}, h('td', { colspan: 6 }, 'No usage yet.'))]
          : groups.map((g) =>
              h('tr', { 'data-group': g.group }, h('th', { scope: 'row' }, g.label), h('td', {}, int(g.requests)), h('td', {}, int(g.original_tokens)), h('td', {}, int(g.compressed_tokens)), h('td', {}, int(g.tokens_saved)), h('td', {}, usd(g.cost_usd))),
            )),
      ),
    ),
  );
}

function chartBlock(id: string, title: string, groups: UsageGroup[], kind: GroupKind, charts: Chart[]): HTMLElement {
  const requests = groups.reduce((s, g) => s + g.requests, 0);
  const tokens = groups.reduce((s, g) => s + g.original_tokens, 0);
  const canvas = h('canvas', { id, role: 'img', 'aria-label': `${title}: ${plural(requests, 'request')}, ${int(tokens)} original tokens. The table below has the numbers.` });
  const block = h('div', { class: 'chart', 'data-kind': kind }, canvas);
  // Chart.js measures its parent, so the canvas is drawn once it is in the document.
  queueMicrotask(() => {
    const chart = tokensAndCostChart(canvas, groups, kind);
    // What the chart draws, read back from it (e.g. `bar bar bar`): a test or a reader can check the kind.
    canvas.dataset['drawn'] = chart.data.datasets.map((d) => d.type ?? 'bar').join(' ');
    charts.push(chart);
  });
  return block;
}

function ledgerRows(entries: LedgerEntry[]): HTMLTableRowElement[] {
  return entries.map((e) =>
    h(
      'tr',
      {},
      h('td', { 'data-label': 'When' }, when(e.created_at)),
      h('td', { 'data-label': 'Kind' }, e.kind.replace('_', '-')),
      h('td', { 'data-label': 'Amount', class: e.amount_usd < 0 ? 'neg num' : 'num' }, usd(e.amount_usd)),
      h('td', { 'data-label': 'Detail' }, e.model ? `${e.model}, ${int(e.original_tokens ?? 0)} tokens` : (e.note ?? '')),
    ),
  );
}

/** Balance, tier and limits, this month's tokens, usage charts per day and per model, usage per client (source), and the ledger. */
export const overviewView: View = async (main, ctx) => {
  const client = api();
  const [profile, limits, byDay, byModel, bySource, ledger] = await Promise.all([
    client.GET('/api/profile/me'),
    client.GET('/api/profile/rate-limits'),
    client.GET('/api/usage', { params: { query: { group_by: 'day' } } }),
    client.GET('/api/usage', { params: { query: { group_by: 'model' } } }),
    client.GET('/api/usage', { params: { query: { group_by: 'source' } } }),
    client.GET('/api/usage/ledger', { params: { query: { limit: 10 } } }),
  ]);
  for (const r of [profile, limits, byDay, byModel, bySource, ledger]) {
    if (r.response.status === 401) return void (await ctx.signOut());
    if (r.error) return ctx.notify(describeError(r.error, r.response.status), 'error');
  }
  const me = profile.data!.data;
  const tier = limits.data!.data;
  const days = byDay.data!.data;
  const models = byModel.data!.data;
  const sources = bySource.data!.data;
  const charts: Chart[] = [];
  const limit = (n: number) => (n < 0 ? 'unlimited' : int(n));

  const ledgerBody = h('tbody', {}, ...ledgerRows(ledger.data!.data.entries));
  let cursor = ledger.data!.data.next_cursor;
  const more = h('button', { type: 'button', class: 'secondary', hidden: cursor === null }, 'Load older entries');
  more.addEventListener('click', async () => {
    if (!cursor) return;
    const page = await client.GET('/api/usage/ledger', { params: { query: { limit: 20, before: cursor } } });
    if (!page.data) return ctx.notify(describeError(page.error, page.response.status), 'error');
    ledgerBody.append(...ledgerRows(page.data.data.entries));
    cursor = page.data.data.next_cursor;
    more.hidden = cursor === null;
  });

  replace(
    main,
    h('h1', { tabindex: '-1' }, 'Overview'),
    h(
      'div',
      { class: 'grid stats' },
      card('Balance', h('p', { class: 'big', id: 'balance' }, usd(me.balance_usd))),
      card(
        'Tier',
        h('p', { class: 'big', id: 'tier' }, tier.display_name),
        h('p', {}, `${limit(tier.rate_limits.rpm)} requests/min · ${limit(tier.rate_limits.tpm)} tokens/min · ${limit(tier.rate_limits.rpd)} requests/day · up to ${tier.max_api_keys} keys`),
      ),
      card(
        'This month',
        h('p', { class: 'big', id: 'month-tokens' }, `${int(days.totals.original_tokens)} tokens`),
        h('p', {}, `${plural(days.totals.requests, 'request')} · ${int(days.totals.compressed_tokens)} after compression (${int(me.monthly_compressed_tokens)} count toward the tier) · ${int(days.totals.tokens_saved)} saved · ${usd(days.totals.cost_usd)}`),
      ),
    ),
    h(
      'section',
      { 'aria-labelledby': 'per-day-title' },
      h('h2', { id: 'per-day-title' }, `Tokens and cost per day (${days.from} to ${days.to}, UTC)`),
      chartBlock('chart-day', 'Tokens and cost per day', days.groups, 'series', charts),
      h('details', {}, h('summary', {}, 'Per-day numbers'), usageTable('Usage per day', days.groups.filter((g) => g.requests > 0), 'Day')),
    ),
    h(
      'section',
      { 'aria-labelledby': 'per-model-title' },
      h('h2', { id: 'per-model-title' }, 'Tokens and cost per model, this month'),
      chartBlock('chart-model', 'Tokens and cost per model', models.groups, 'categories', charts),
      usageTable('Usage per model', models.groups, 'Model'),
    ),
    h(
      'section',
      { 'aria-labelledby': 'per-source-title' },
      h('h2', { id: 'per-source-title' }, 'Usage per client, this month'),
      h('p', {}, 'By the source each request named (an SDK, a gateway, ...); "no source" for requests that named none.'),
      usageTable('Usage per source', sources.groups, 'Source'),
    ),
    h(
      'section',
      { 'aria-labelledby': 'ledger-title' },
      h('h2', { id: 'ledger-title' }, 'Credit ledger'),
      h('div', { class: 'table-wrap' }, h('table', { id: 'ledger', class: 'cards' }, h('caption', {}, 'Grants, top-ups and charges, newest first'), h('thead', {}, h('tr', {}, ...['When', 'Kind', 'Amount', 'Detail'].map((c) => h('th', { scope: 'col' }, c)))), ledgerBody)),
      more,
    ),
  );
  return () => charts.forEach((c) => c.destroy());
};
