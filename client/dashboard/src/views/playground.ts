import type { components } from '../../../../generated/schema.js';
import { compress, FAMILY_LABELS, listModels, type Family, type ModelRecord, type Pair, type PlaygroundInput, type PlaygroundResult } from '../families.js';
import { field, h, replace } from '../dom.js';
import { int, usd } from '../format.js';
import { markKept } from '../mark-kept.js';
import { SAMPLES, TOOL_OUTPUT_SAMPLE, TOOLS_SAMPLE } from '../samples.js';
import { describeError } from '../describe-error.js';
import { api, keyClient, playgroundKey } from '../session.js';
import type { View, ViewContext } from './view.js';

type ChatMessage = components['schemas']['ChatMessage'];
type ToolDefinition = components['schemas']['ToolDefinition'];

const UNIT_WORDS = { words: 'words', lines: 'lines', json: 'JSON values' } as const;

/** JSON shown the way the comparison reads it: one key and its value per line. */
function readable(text: string, unit: Pair['unit']): string {
  if (unit !== 'json') return text;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** The original with dropped units (words, lines or JSON values) struck through, beside the compressed output. */
function comparison(pair: Pair): HTMLElement {
  const what = UNIT_WORDS[pair.unit];
  const marked = h('div', { class: `text marked ${pair.unit === 'words' ? '' : 'by-line mono'}`, 'data-unit': pair.unit, 'aria-label': `${pair.title}: original, dropped ${what} struck through` });
  for (const span of markKept(pair.original, pair.compressed, pair.unit)) {
    marked.append(span.kept ? h('span', { class: 'kept' }, span.text) : h('del', { class: 'dropped', title: 'dropped' }, span.text));
  }
  const compressed = h('div', { class: `text compressed ${pair.unit === 'words' ? '' : 'mono'}` }, readable(pair.compressed, pair.unit) || '(empty)');
  return h(
    'section',
    { class: 'pair' },
    h('h3', {}, pair.title),
    h('div', { class: 'grid two' }, h('figure', {}, h('figcaption', {}, `Original (dropped ${what} struck through)`), marked), h('figure', {}, h('figcaption', {}, 'Compressed'), compressed)),
  );
}

function resultView(r: PlaygroundResult, family: Family, model: ModelRecord | undefined): HTMLElement {
  const cost = model ? (r.original_tokens * model.input_price_per_1m) / 1e6 : null;
  const stat = (label: string, value: string, id: string) => h('div', {}, h('dt', {}, label), h('dd', { id }, value));
  return h(
    'section',
    { id: 'result', 'aria-labelledby': 'result-title', 'data-family': family },
    h('h2', { id: 'result-title', tabindex: '-1' }, `Result: ${FAMILY_LABELS[family]}${model ? `, ${model.id}` : ''}`),
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
  // Errors show next to the button the person just pressed, not in the page's alert far above.
  const problem = h('p', { id: 'pg-error', role: 'alert', class: 'alert inline' });
  const output = h('div', { 'aria-live': 'polite' });
  /** Each family change and each request starts a new round; an answer from an older round is dropped. */
  let round = 0;
  const clear = () => {
    round++;
    replace(output);
    problem.textContent = '';
    ctx.notify('');
  };
  const fail = (text: string) => {
    problem.textContent = text;
    ctx.notify('');
    problem.scrollIntoView({ block: 'nearest' });
  };

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
  family.addEventListener('change', () => {
    clear();
    void loadFamily();
  });
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
    h('div', { class: 'actions' }, submit),
    problem,
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    clear();
    const mine = round;
    const f = family.value as Family;
    let client;
    try {
      client = keyClient(key.value.trim());
    } catch (err) {
      return fail((err as Error).message);
    }
    playgroundKey.value = key.value.trim();
    const parsed = f === 'history' ? parseMessages(messages.value) : [];
    if (typeof parsed === 'string') return fail(parsed);
    const toolList = f === 'tool-discovery' ? parseTools(tools.value) : [];
    if (typeof toolList === 'string') return fail(toolList);
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
    const chosen = selected();
    submit.disabled = true;
    const busy = h('p', { class: 'status', role: 'status' }, 'Compressing…');
    replace(output, busy);
    try {
      const outcome = await compress(client, f, input);
      // The family changed while this request ran: its answer is not what the form now shows.
      if (mine !== round) return;
      replace(output);
      if (!outcome.result) return fail(describeError(outcome.error, outcome.status));
      replace(output, resultView(outcome.result, f, chosen));
      output.querySelector<HTMLElement>('#result-title')?.focus();
    } catch (err) {
      if (mine !== round) return;
      replace(output);
      fail(`Network error: ${(err as Error).message}`);
    } finally {
      // A family load in progress keeps the button locked until its models are in.
      if (mine === round) submit.disabled = false;
    }
  });

  replace(main, h('h1', { tabindex: '-1', id: 'pg-title' }, 'Playground'), h('p', {}, 'Runs a real, billed compression with one of your API keys.'), form, output);
  await loadFamily();
};
