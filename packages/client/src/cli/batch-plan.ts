import type { InputFile } from './inputs.js';

/** The batch routes take at most 100 inputs. */
export const MAX_BATCH_ITEMS = 100;

/**
 * Tokens of a text as the CLI plans them: about 4 characters a token for English prose and
 * code under o200k_base. An estimate on purpose: counting exactly would take a request per file.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** Some inputs sent together to a batch route, by their index in the run's file list. */
export interface Batch {
  indices: number[];
  tokens: number;
}

/**
 * Packs files, in order, into batches of at most `maxTokens` estimated tokens and 100 items,
 * so one request's work stays well inside the server's time budget whatever the file count.
 * A file larger than `maxTokens` goes alone.
 */
export function planBatches(files: readonly InputFile[], maxTokens: number): Batch[] {
  const batches: Batch[] = [];
  let current: Batch = { indices: [], tokens: 0 };
  files.forEach((file, index) => {
    const tokens = estimateTokens(file.text);
    if (current.indices.length > 0 && (current.tokens + tokens > maxTokens || current.indices.length >= MAX_BATCH_ITEMS)) {
      batches.push(current);
      current = { indices: [], tokens: 0 };
    }
    current.indices.push(index);
    current.tokens += tokens;
  });
  if (current.indices.length > 0) batches.push(current);
  return batches;
}

/** Two halves of a batch (by count), for a retry after the server ran out of time on the whole. */
export function splitBatch(batch: Batch, files: readonly InputFile[]): [Batch, Batch] {
  const middle = Math.ceil(batch.indices.length / 2);
  const half = (indices: number[]): Batch => ({ indices, tokens: indices.reduce((s, i) => s + estimateTokens(files[i]!.text), 0) });
  return [half(batch.indices.slice(0, middle)), half(batch.indices.slice(middle))];
}
