import type { Outcome } from './family-requests.js';
import { usd } from './money.js';
import { formatTable } from './table.js';

/** Totals of a compress run; cost is what the inputs are billed at the model's price per 1M input tokens. */
export interface Summary {
  files: number;
  originalTokens: number;
  compressedTokens: number;
  tokensSaved: number;
  /** Fraction of tokens removed over all inputs. */
  ratio: number;
  model: string;
  costUsd: number | null;
}

export function summarize(outcomes: Outcome[], model: string, pricePer1m: number | null): Summary {
  const originalTokens = outcomes.reduce((s, o) => s + o.originalTokens, 0);
  const compressedTokens = outcomes.reduce((s, o) => s + o.compressedTokens, 0);
  return {
    files: outcomes.length,
    originalTokens,
    compressedTokens,
    tokensSaved: originalTokens - compressedTokens,
    ratio: originalTokens === 0 ? 0 : (originalTokens - compressedTokens) / originalTokens,
    model,
    costUsd: pricePer1m === null ? null : (originalTokens * pricePer1m) / 1e6,
  };
}

export function formatSummary(s: Summary): string {
  return formatTable([
    ['inputs', 'original tokens', 'compressed tokens', 'tokens saved', 'removed', 'model', 'cost (USD)'],
    [
      String(s.files),
      String(s.originalTokens),
      String(s.compressedTokens),
      String(s.tokensSaved),
      `${(s.ratio * 100).toFixed(1)}%`,
      s.model,
      s.costUsd === null ? 'unknown' : usd(s.costUsd),
    ],
  ]);
}
