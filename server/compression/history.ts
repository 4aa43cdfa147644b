import type { components } from '../../generated/schema.js';
import { ApiError } from '../http/api-error.js';
import { joinParts, type EngineRequest } from './engine/engine.js';
import { engineOptions, type Accounted, type EngineOptions, type FamilyAdapter } from './family-adapter.js';
import { FAMILIES } from '../catalog/families.js';
import { labelledLines } from './engine/assemble/labelled-lines.js';
import { looksLikeJson } from './engine/formats/looks-like-json.js';
import { resolveModel } from '../catalog/model-catalog.js';
import { checkQueryRule } from './query-rule.js';
import { actualRatio, keepFraction, nxRatio } from './engine/ratio.js';
import { countTokens } from './engine/text/tokens.js';
import { wantsWordUnits } from './history-units.js';

type Single = components['schemas']['HistoryRequest'];
type Batch = components['schemas']['HistoryBatchRequest'];
type ChatMessage = components['schemas']['ChatMessage'];
type HistoryResult = components['schemas']['HistoryResult'];

const KEEP_RECENT_DEFAULT = 3;
/**
 * Score bonus of a sentence stating three or more facts (names, numbers, dates, ids; pro rata for
 * fewer), with or without a query: such turns are kept before small talk. Development chats
 * (show-history.ts), facts kept of 26 at 2/4/10x, with / without the query: 0 24 / 19 / 10 and
 * 23 / 16 / 4; 1 25 / 21 / 11 and 25 / 17 / 3; 1.5 25 / 21 / 11 and 25 / 19 / 3; 2.5 as 1.5.
 */
const FACT_BONUS = 1.5;
/**
 * The same with a query, lower: at 1.5 the bonus outranked the query's own sentence in transcripts
 * dense with facts (docs/tuning.md, "History: the fact bonus under a query").
 */
const FACT_BONUS_WITH_QUERY = 0.5;
/**
 * With a query, a sentence's lexical relevance is its share of 0.7 of a sentence echoing the whole
 * question, not its rank among the turns: "The build agent runs Node 16.20" echoing "build" no
 * longer scores as a full match (docs/tuning.md, "History: a query adds, by how much of it a turn echoes").
 */
const WHOLE_QUERY = 0.7;
const DEFAULT_MODEL = 'hcc_latte_v1';

/** One transcript and how many of its latest messages stay verbatim. */
export interface HistoryItem {
  messages: ChatMessage[];
  query?: string | undefined;
  keepRecent: number;
}

export interface HistoryOut extends Accounted {
  summary: string;
  messages: ChatMessage[];
  messagesCompressed: number;
  messagesKept: number;
}

/** Older turns (not system, not among the latest `keepRecent`) are folded into the summary. */
function isOlderTurn(item: HistoryItem, m: ChatMessage, i: number): boolean {
  return m.role !== 'system' && i < firstRecent(item);
}

/**
 * Which older turns the engine compresses: tool results holding JSON go through the tool-output
 * logic on their own, so they stay valid JSON; the other non-empty ones share one budget, so the
 * turns the query needs keep more than the rest.
 */
function classify(item: HistoryItem): { prose: number[]; json: number[] } {
  const prose: number[] = [];
  const json: number[] = [];
  item.messages.forEach((m, i) => {
    if (!isOlderTurn(item, m, i) || !m.content) return;
    (m.role === 'tool' && looksLikeJson(m.content) ? json : prose).push(i);
  });
  return { prose, json };
}

/**
 * The ready-to-send transcript: system messages verbatim, one `user` message carrying the
 * summary in place of the older turns (a user turn is valid first in every chat format, system
 * is not in Anthropic's), then the recent messages verbatim.
 */
function readyToSend(item: HistoryItem, summary: string): ChatMessage[] {
  const systems = item.messages.slice(0, firstRecent(item)).filter((m) => m.role === 'system');
  return [...systems, ...(summary ? [{ role: 'user', content: summary }] : []), ...recentMessages(item)].map((m) => ({ ...m }));
}

const firstRecent = (item: HistoryItem): number => Math.max(0, item.messages.length - item.keepRecent);
/** The latest `keepRecent` messages, sent verbatim after the summary. */
const recentMessages = (item: HistoryItem): ChatMessage[] => item.messages.slice(firstRecent(item));

function plan(item: HistoryItem, counts: readonly number[], options: EngineOptions) {
  const { prose, json } = classify(item);
  // Without a query, older turns are ranked by information (the query-free weights).
  const common = {
    ...options,
    query: item.query,
    weights: item.query ? options.weights : ('espresso_v1' as const),
    factBonus: item.query ? FACT_BONUS_WITH_QUERY : FACT_BONUS,
    // With a query a turn ranked by its best sentence (the echo) carried its small talk along:
    // sentences compete alone, and only those stating facts are cut (fact bonus). Facts the recent
    // turns (sent verbatim) state again earn no bonus, unless the query names them.
    ...(item.query ? { wholeQuery: WHOLE_QUERY, sentenceUnits: true, knownText: recentMessages(item).map((m) => m.content ?? '').join('\n') } : {}),
  };
  const requests: EngineRequest[] = [];
  if (prose.length) {
    const parts = prose.map((i) => item.messages[i]!.content!);
    const context = joinParts(parts);
    const partLabels = prose.map((i) => `${item.messages[i]!.role}: `);
    // The parts' own counts (the adapter has them): recounting the joined text cost a pass per request.
    const budget = Math.round(prose.reduce((sum, i) => sum + counts[i]!, 0) * keepFraction(options.ratio ?? options.defaultRatio));
    // Coarse, where the turn stating the most facts cannot be kept whole: its facts as phrases.
    const coarse = options.coarse && !wantsWordUnits(parts, partLabels, budget);
    requests.push({ ...common, coarse, numberWords: true, format: 'text', context, parts, partLabels });
  }
  for (const i of json) requests.push({ ...common, format: 'tool', context: item.messages[i]!.content!, originalTokens: counts[i] });
  return {
    requests,
    finish: ([...results]: readonly { compressed: string; compressedTokens: number; parts?: Array<{ compressed: string; tokens: number }> }[]): HistoryOut => {
      const compressed = new Map<number, string>();
      if (prose.length) {
        const parts = results.shift()!.parts!;
        prose.forEach((i, k) => compressed.set(i, parts[k]!.compressed));
      }
      json.forEach((i) => compressed.set(i, results.shift()!.compressed));
      const olderTurns = item.messages.map((m, i) => ({ m, i })).filter(({ m, i }) => isOlderTurn(item, m, i));
      // One `role: content` line per turn that had content and kept some, in order; a run of
      // turns that kept nothing is one `[...]` line (the budget was checked on these lines).
      const summary = labelledLines(
        olderTurns.filter(({ i }) => compressed.has(i)).map(({ m, i }) => ({ label: `${m.role}: `, compressed: compressed.get(i)! })),
        options.placeholders,
      );
      const messages = readyToSend(item, summary);
      return {
        summary,
        messages,
        messagesCompressed: olderTurns.length,
        messagesKept: Math.min(item.keepRecent, item.messages.length),
        originalTokens: counts.reduce((a, b) => a + b, 0),
        compressedTokens: messages.reduce((s, m) => s + (m.content ? countTokens(m.content) : 0), 0),
      };
    },
  };
}

/** A batch input as a whole request: the top-level options (a crema extension) fill what it omits. */
function withDefaults(body: Batch, input: Single): Single {
  const { inputs: _inputs, ...defaults } = body;
  const merged: Single = { ...input };
  for (const [k, v] of Object.entries(defaults) as Array<[keyof typeof defaults, unknown]>) {
    if (merged[k] === undefined || (k === 'compression_model_name' && merged[k] === null)) (merged as Record<string, unknown>)[k] = v;
  }
  return merged;
}

const itemOf = (body: Single): HistoryItem => ({ messages: body.messages, query: body.query, keepRecent: body.keep_recent ?? KEEP_RECENT_DEFAULT });
const modelOf = (body: Single | Batch): string => body.compression_model_name ?? DEFAULT_MODEL;

/**
 * History compression (`hcc_latte_v1`, `hcc_espresso_v1`): system messages and recent turns
 * verbatim, older turns compressed into a role-labelled summary, as the hosted API answers.
 */
export const history: FamilyAdapter<Single, Batch, HistoryItem, HistoryOut, HistoryResult> = {
  family: FAMILIES.find((f) => f.id === 'history')!,
  demoOnSingle: false,

  check(body) {
    const bodies = 'inputs' in body ? body.inputs.map((i) => withDefaults(body, i)) : [body];
    bodies.forEach((b, i) => {
      const name = modelOf(b);
      const spec = resolveModel(name);
      if (!spec) throw new ApiError('validation_error', `Unknown history model: ${name}`, { field: 'compression_model_name' });
      checkQueryRule(spec, b.query, 'inputs' in body ? `inputs.${i}.query` : 'query', name);
    });
  },

  model: modelOf,
  item: itemOf,
  items: (body) => body.inputs.map((i) => itemOf(withDefaults(body, i))),
  batchBodies: (body) => body.inputs.map((i) => withDefaults(body, i)),
  texts: (item) => item.messages.map((m) => m.content ?? null),
  options: engineOptions,
  plan,
  echoedRatio: (body) => body.target_compression_ratio ?? null,
  result: (_item, out, ratio, durationMs) => ({
    summary: out.summary,
    messages: out.messages,
    original_tokens: out.originalTokens,
    compressed_tokens: out.compressedTokens,
    tokens_saved: out.originalTokens - out.compressedTokens,
    messages_compressed: out.messagesCompressed,
    messages_kept: out.messagesKept,
    compression_ratio: nxRatio(out.originalTokens, out.compressedTokens),
    target_compression_ratio: ratio,
    actual_compression_ratio: actualRatio(out.originalTokens, out.compressedTokens),
    duration_ms: durationMs,
  }),
  // A stream carries text: the summary that replaces the older turns.
  streamContent: (out) => out.summary,
};
