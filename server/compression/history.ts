import type { components } from '../../generated/schema.js';
import { joinParts, type EngineRequest } from './engine.js';
import { engineOptions, type Accounted, type EngineOptions, type FamilyAdapter } from './family-adapter.js';
import { FAMILIES } from './families.js';
import { looksLikeJson } from './formats/looks-like-json.js';
import { actualRatio } from './ratio.js';

type Single = components['schemas']['HistoryRequest'];
type Batch = components['schemas']['HistoryBatchRequest'];
type ChatMessage = components['schemas']['ChatMessage'];
type HistoryResult = components['schemas']['HistoryResult'];

const KEEP_RECENT_DEFAULT = 3;

/** One transcript and how many of its latest messages stay verbatim. */
export interface HistoryItem {
  messages: ChatMessage[];
  query?: string | undefined;
  keepRecent: number;
}

export interface HistoryOut extends Accounted {
  messages: ChatMessage[];
  messagesCompressed: number;
}

/**
 * Which messages are compressed: not the system prompt, not the latest `keepRecent`, not an
 * empty one. Tool results holding JSON go through the tool-output logic on their own, so they
 * stay valid JSON; the other older messages share one budget, so the turns the query needs keep
 * more than the rest.
 */
function classify(item: HistoryItem): { prose: number[]; json: number[] } {
  const firstRecent = item.messages.length - item.keepRecent;
  const prose: number[] = [];
  const json: number[] = [];
  item.messages.forEach((m, i) => {
    if (m.role === 'system' || i >= firstRecent || !m.content) return;
    (m.role === 'tool' && looksLikeJson(m.content) ? json : prose).push(i);
  });
  return { prose, json };
}

function plan(item: HistoryItem, counts: readonly number[], options: EngineOptions) {
  const { prose, json } = classify(item);
  // Without a query, older turns are ranked by information (the query-free weights).
  const common = { ...options, query: item.query, weights: item.query ? options.weights : ('espresso_v1' as const) };
  const requests: EngineRequest[] = [];
  if (prose.length) {
    const parts = prose.map((i) => item.messages[i]!.content!);
    requests.push({ ...common, format: 'text', context: joinParts(parts), parts });
  }
  for (const i of json) requests.push({ ...common, format: 'tool', context: item.messages[i]!.content!, originalTokens: counts[i] });
  return {
    requests,
    finish: ([...results]: readonly { compressed: string; compressedTokens: number; parts?: Array<{ compressed: string; tokens: number }> }[]): HistoryOut => {
      const messages = item.messages.map((m) => ({ ...m }));
      const tokens = [...counts];
      if (prose.length) {
        const parts = results.shift()!.parts!;
        prose.forEach((i, k) => {
          messages[i]!.content = parts[k]!.compressed;
          tokens[i] = parts[k]!.tokens;
        });
      }
      json.forEach((i) => {
        const r = results.shift()!;
        messages[i]!.content = r.compressed;
        tokens[i] = r.compressedTokens;
      });
      return {
        messages,
        messagesCompressed: prose.length + json.length,
        originalTokens: counts.reduce((a, b) => a + b, 0),
        compressedTokens: tokens.reduce((a, b) => a + b, 0),
      };
    },
  };
}

/** History compression (`hcc_latte_v1`): recent turns verbatim, older turns compressed, shape kept. */
export const history: FamilyAdapter<Single, Batch, HistoryItem, HistoryOut, HistoryResult> = {
  family: FAMILIES.find((f) => f.id === 'history')!,
  demoOnSingle: false,
  check: () => undefined,
  model: (body) => body.compression_model_name,
  item: (body) => ({ messages: body.messages, query: body.query, keepRecent: body.keep_recent ?? KEEP_RECENT_DEFAULT }),
  items: (body) => body.inputs.map((i) => ({ messages: i.messages, query: i.query, keepRecent: body.keep_recent ?? KEEP_RECENT_DEFAULT })),
  texts: (item) => item.messages.map((m) => m.content ?? null),
  options: engineOptions,
  plan,
  echoedRatio: (body) => body.target_compression_ratio ?? null,
  result: (item, out, ratio, durationMs) => ({
    messages: out.messages,
    original_tokens: out.originalTokens,
    compressed_tokens: out.compressedTokens,
    tokens_saved: out.originalTokens - out.compressedTokens,
    messages_compressed: out.messagesCompressed,
    messages_kept: item.messages.length - out.messagesCompressed,
    target_compression_ratio: ratio,
    actual_compression_ratio: actualRatio(out.originalTokens, out.compressedTokens),
    duration_ms: durationMs,
  }),
  // A stream carries text, so the compressed transcript travels as its JSON.
  streamContent: (out) => JSON.stringify(out.messages),
};
