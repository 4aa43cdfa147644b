import type { CompressionBackend } from './compression-backend.js';
import type { Accounted, EngineOptions, FamilyAdapter, ResultAccounting } from './family-adapter.js';

// Every family calls an item's question `query`.
const queryOf = (item: unknown): string | undefined => {
  const q = (item as { query?: unknown } | null)?.query;
  return typeof q === 'string' && q.length > 0 ? q : undefined;
};

/**
 * Counts the billable texts of each item: one array of counts per item (its texts only), the
 * query tokens of each item, and the billed total. A query is read by the engine as much as the
 * text, so it is billed and counted for tpm too, once per item with something to compress
 * (an empty item stays free).
 */
export async function countItems<Item>(
  backend: Pick<CompressionBackend, 'countTokens'>,
  adapter: Pick<FamilyAdapter<unknown, unknown, Item, Accounted, ResultAccounting>, 'texts'>,
  items: readonly Item[],
): Promise<{ counts: number[][]; queryCounts: number[]; total: number }> {
  const texts = items.map((item) => adapter.texts(item));
  const billedQueries = items.map((item, i) => (texts[i]!.some((t) => !!t) ? queryOf(item) : undefined));
  const live = [...texts.flat(), ...billedQueries].filter((t): t is string => !!t);
  const flat = live.length ? await backend.countTokens(live) : [];
  let k = 0;
  const counts = texts.map((row) => row.map((t) => (t ? flat[k++]! : 0)));
  const queryCounts = billedQueries.map((q) => (q ? flat[k++]! : 0));
  return { counts, queryCounts, total: flat.reduce((a, b) => a + b, 0) };
}

/**
 * Compresses items of one family in a single engine call (so a batch shares ONNX calls, even
 * across models: each engine request carries its own weights) and
 * returns each item's output with the engine time spent on it alone (`durationMs`); used by the
 * routes and the benchmarks alike.
 */
export async function compressItems<Item, Out extends Accounted>(
  backend: Pick<CompressionBackend, 'compress'>,
  adapter: Pick<FamilyAdapter<unknown, unknown, Item, Out, ResultAccounting>, 'plan'>,
  items: readonly Item[],
  counts: readonly (readonly number[])[],
  options: EngineOptions | readonly EngineOptions[],
  signal?: AbortSignal,
): Promise<Out[]> {
  // One set of options for every item, or one per item (a batch whose inputs name their own model).
  const optionsOf = (i: number): EngineOptions => (Array.isArray(options) ? options[i]! : (options as EngineOptions));
  const plans = items.map((item, i) => adapter.plan(item, counts[i]!, optionsOf(i)));
  const requests = plans.flatMap((p) => p.requests);
  const results = requests.length ? await backend.compress(requests, signal) : [];
  let k = 0;
  return plans.map((p) => {
    const own = results.slice(k, (k += p.requests.length));
    const out = p.finish(own);
    out.durationMs = own.reduce((s, r) => s + (r.durationMs ?? 0), 0);
    return out;
  });
}
