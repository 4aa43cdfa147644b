import type { components } from '../../../../generated/schema.js';
import { compress, FAMILY_LABELS, listModels, type Family, type ModelRecord, type PlaygroundInput, type PlaygroundResult } from '../families.js';
import { field, h, replace } from '../dom.js';
import { int, usd } from '../format.js';
import { markSpans } from '../spans.js';
import { SAMPLES, TOOL_OUTPUT_SAMPLE, TOOLS_SAMPLE } from '../samples.js';
import { describeError } from '../describe-error.js';
import { api, keyClient, playgroundKey } from '../session.js';
import type { View, ViewContext } from './view.js';

type ChatMessage = components['schemas']['ChatMessage'];
type ToolDefinition = components['schemas']['ToolDefinition'];

/** The original with dropped spans struck through, beside the compressed output. */
function comparison(pair: { title: string; original: string; compressed: string }): HTMLElement {
  const marked = h('div', { class: 'text marked', 'aria-label': `${pair.title}: original, dropped text struck through` });
  for (const span of markSpans(pair.original, pair.compressed)) {
    marked.append(span.kept ? h('span', { class: 'kept' }, span.text) : h('del', { class: 'dropped', title: 'dropped' }, span.text));
  }
  return h(
    'section',
    { class: 'pair' },
    h('h3', {}, pair.title),
    h('div', { class: 'grid two' }, h('figure', {}, h('figcaption', {}, 'Original (dropped text struck through)'), marked), h('figure', {}, h('figcaption', {}, 'Compressed'), h('div', { class: 'text compressed' }, pair.compressed || '(empty)'))),
  );
}

function resultView(r: PlaygroundResult, model: ModelRecord | undefined): HTMLElement {
  const cost = model ? (r.original_tokens * model.input_price_per_1m) / 1e6 : null;
  const stat = (label: string, value: string, id: string) => h('div', {}, h('dt', {}, label), h('dd', { id }, value));
  return h(
    'section',
    { id: 'result', 'aria-labelledby': 'result-title' },
    h('h2', { id: 'result-title', tabindex: '-1' }, 'Result'),
    h(
      'dl',
      { class: 'grid stats-list' },
      stat('Original tokens', int(r.original_tokens), 'r-original'),
      stat('Compressed tokens', int(r.compressed_tokens), 'r-compressed'),
      stat('Tokens saved', int(r.tokens_saved), 'r-saved'),
      stat('Ratio (fraction removed)', `${(r.actual_compression_ratio * 100).toFixed(1)}%`, 'r-ratio'),
      stat('Duration', `${int(r.duration_ms)} ms`, 'r-duration'),
      stat('Cost', cost === null ? '—' : usd(cost), 'r-cost'),
    ),
    r.note ? h('p', {}, r.note) : null,
    ...r.pairs.map(comparison),
  );
}

function parseMessages(raw: string): ChatMessage[] | string {
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value) || value.length === 0) return 'Messages must be a non-empty JSON array of {role, content}.';
    return value as ChatMessage[];
  } catch (err) {
    return `Messages are not valid JSON: ${(err as Error).message}`;
  }
}

function parseTools(raw: string): ToolDefinition[] | string {
  try {
    const value: unknown = JSON.parse(raw);
    const tools = Array.isArray(value) ? value : (value as { tools?: unknown } | null)?.tools;
    if (!Array.isArray(tools) || tools.length === 0) return 'Tools must be a non-empty JSON array of tool definitions (or {tools: [...]}).';
    return tools as ToolDefinition[];
  } catch (err) {
    return `Tools are not valid JSON: ${(err as Error).message}`;
  }
}

/** Pick a family and model, give the inputs it needs, and see what a compression keeps. */
export const playgroundView: View = async (main, ctx: ViewContext) => {
  const family = h('select', { name: 'family' }, ...(Object.keys(FAMILY_LABELS) as Family[]).map((f) => h('option', { value: f }, FAMILY_LABELS[f])));
  const model = h('select', { name: 'model' });
  const ratio = h('input', { type: 'number', name: 'ratio', min: '0.01', max: '200', step: 'any', inputmode: 'decimal' });
  const key = h('input', { type: 'password', name: 'api-key', autocomplete: 'off', spellcheck: 'false', placeholder: 'cmp_…', value: playgroundKey.value ?? '' });
  const context = h('textarea', { name: 'context', rows: 8 });
  const query = h('input', { type: 'text', name: 'query' });
  const messages = h('textarea', { name: 'messages', rows: 10, class: 'mono' });
  const keepRecent = h('input', { type: 'number', name: 'keep-recent', min: '1', max: '50', step: '1', value: '2' });
  const toolName = h('input', { type: 'text', name: 'tool-name', maxlength: 200 });
  const toolOutput = h('textarea', { name: 'tool-output', rows: 8, class: 'mono' });
  const tools = h('textarea', { name: 'tools', rows: 12, class: 'mono' });
  const maxTools = h('input', { type: 'number', name: 'max-tools', min: '1', max: '50', step: '1', value: '3' });
  const submit = h('button', { type: 'submit' }, 'Compress');
  const output = h('div', { 'aria-live': 'polite' });

  const blocks = {
    context: field('Context', context),
    query: field('Query', query),
    messages: field('Messages (JSON array of {role, content})', messages),
    keepRecent: field('Keep the last N messages verbatim', keepRecent),
    toolName: field('Tool name', toolName),
    toolOutput: field('Tool output', toolOutput),
    tools: field('Tools (JSON array: hosted, OpenAI, Anthropic or MCP shape)', tools),
    maxTools: field('At most N tools', maxTools),
    ratio: field('Target ratio', ratio, '0 < r ≤ 1 removes that fraction; r > 1 keeps 1/r (2 keeps half). Empty: the model default.'),
  };
  let models: ModelRecord[] = [];
  const selected = () => models.find((m) => m.id === model.value);

  const showFields = () => {
    const f = family.value as Family;
    const m = selected();
    blocks.context.hidden = !['question-specific', 'question-agnostic', 'markdown'].includes(f);
    blocks.messages.hidden = blocks.keepRecent.hidden = f !== 'history';
    blocks.toolName.hidden = blocks.toolOutput.hidden = f !== 'tool-output';
    // Tool discovery answers names: no ratio, a tool list and a count instead.
    blocks.tools.hidden = blocks.maxTools.hidden = f !== 'tool-discovery';
    blocks.ratio.hidden = f === 'tool-discovery';
    blocks.query.hidden = !m || m.query === 'forbidden';
    query.required = m?.query === 'required';
    context.required = !blocks.context.hidden;
    replace(blocks.query.querySelector('label')!, m?.query === 'required' ? 'Query (required)' : 'Query (optional)');
    if (m) ratio.placeholder = `default ${m.default_target_compression_ratio}`;
  };
  let loads = 0;
  const loadFamily = async () => {
    const f = family.value as Family;
    const load = ++loads;
    // No submit while the form is half switched: the fields and the model list change below.
    submit.disabled = true;
    const list = await listModels(api(), f).catch(() => [] as ModelRecord[]);
    // A quicker change of family may have started a newer load: only the latest one fills the form.
    if (load !== loads) return;
    submit.disabled = false;
    models = list;
    replace(model, ...models.map((m) => h('option', { value: m.id }, `${m.id}${m.status === 'available' ? '' : ' (unavailable)'}`)));
    const sample = SAMPLES[f];
    context.value = sample.context;
    query.value = sample.query;
    messages.value = sample.messages;
    toolName.value = sample.toolName;
    toolOutput.value = f === 'tool-output' ? TOOL_OUTPUT_SAMPLE : '';
    tools.value = f === 'tool-discovery' ? TOOLS_SAMPLE : '';
    if (f === 'question-specific') ratio.value = '2';
    else ratio.value = '';
    showFields();
  };
  family.addEventListener('change', () => void loadFamily());
  model.addEventListener('change', showFields);

  const form = h(
    'form',
    { class: 'card', 'aria-labelledby': 'pg-title' },
    h('div', { class: 'grid fields' }, field('Family', family), field('Model', model), blocks.ratio),
    blocks.context,
    blocks.messages,
    blocks.keepRecent,
    blocks.toolName,
    blocks.toolOutput,
    blocks.tools,
    blocks.maxTools,
    blocks.query,
    field('API key', key, playgroundKey.value ? 'The key you created on the Keys page is filled in (kept in this page only).' : 'Paste one of your keys; it stays in this page only and is never stored.'),
    submit,
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const f = family.value as Family;
    let client;
    try {
      client = keyClient(key.value.trim());
    } catch (err) {
      return ctx.notify((err as Error).message, 'error');
    }
    playgroundKey.value = key.value.trim();
    const parsed = f === 'history' ? parseMessages(messages.value) : [];
    if (typeof parsed === 'string') return ctx.notify(parsed, 'error');
    const toolList = f === 'tool-discovery' ? parseTools(tools.value) : [];
    if (typeof toolList === 'string') return ctx.notify(toolList, 'error');
    const input: PlaygroundInput = {
      model: model.value,
      ratio: ratio.value === '' ? undefined : Number(ratio.value),
      context: context.value,
      query: query.value,
      messages: parsed,
      keepRecent: keepRecent.value === '' ? undefined : Number(keepRecent.value),
      toolName: toolName.value,
      toolOutput: toolOutput.value,
      tools: toolList,
      maxTools: maxTools.value === '' ? undefined : Number(maxTools.value),
    };
    submit.disabled = true;
    replace(output);
    ctx.notify('Compressing…');
    try {
      const outcome = await compress(client, f, input);
      if (!outcome.result) {
        return ctx.notify(describeError(outcome.error, outcome.status), 'error');
      }
      ctx.notify('Compressed.');
      replace(output, resultView(outcome.result, selected()));
      output.querySelector<HTMLElement>('#result-title')?.focus();
    } catch (err) {
      ctx.notify(`Network error: ${(err as Error).message}`, 'error');
    } finally {
      submit.disabled = false;
    }
  });

  replace(main, h('h1', { tabindex: '-1', id: 'pg-title' }, 'Playground'), h('p', {}, 'Runs a real, billed compression with one of your API keys.'), form, output);
  await loadFamily();
};
