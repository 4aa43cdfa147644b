import type { CompressionBackend } from './compression-backend.js';
import type { Accounted, EngineOptions, FamilyAdapter, ResultAccounting } from './family-adapter.js';

/** Counts the billable texts of each item: one array of counts per item, and their sum. */
export async function countItems<Item>(
  backend: Pick<CompressionBackend, 'countTokens'>,
  adapter: Pick<FamilyAdapter<unknown, unknown, Item, Accounted, ResultAccounting>, 'texts'>,
  items: readonly Item[],
): Promise<{ counts: number[][]; total: number }> {
  const texts = items.map((item) => adapter.texts(item));
  const live = texts.flat().filter((t): t is string => !!t);
  const flat = live.length ? await backend.countTokens(live) : [];
  let k = 0;
  const counts = texts.map((row) => row.map((t) => (t ? flat[k++]! : 0)));
  return { counts, total: flat.reduce((a, b) => a + b, 0) };
}

/**
 * Compresses items of one family in a single engine call (so a batch shares ONNX calls) and
 * returns each item's output; used by the routes and the benchmarks alike.
 */
export async function compressItems<Item, Out extends Accounted>(
  backend: Pick<CompressionBackend, 'compress'>,
  adapter: Pick<FamilyAdapter<unknown, unknown, Item, Out, ResultAccounting>, 'plan'>,
  items: readonly Item[],
  counts: readonly (readonly number[])[],
  options: EngineOptions,
): Promise<Out[]> {
  const plans = items.map((item, i) => adapter.plan(item, counts[i]!, options));
  const requests = plans.flatMap((p) => p.requests);
  const results = requests.length ? await backend.compress(requests) : [];
  let k = 0;
  return plans.map((p) => p.finish(results.slice(k, (k += p.requests.length))));
}
