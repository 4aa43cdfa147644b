import { createHash } from 'node:crypto';
import type { KeyPrincipal } from '../api-keys/api-keys.service.js';
import type { Meter } from '../billing/meter.js';
import type { CompressionBackend } from '../compression/compression-backend.js';
import type { EngineRequest } from '../compression/engine/engine.js';
import { engineOptions } from '../compression/family-adapter.js';
import { resolveModel } from '../catalog/model-catalog.js';
import { countTokens } from '../compression/engine/text/tokens.js';
import { BoundedMap } from './bounded-map.js';
import { planCompression, type SlotJob } from './compression-plan.js';
import type { ProxySettings } from './proxy-settings.js';
import type { SlottedBody } from './text-slot.js';
import { turnKey, type FrozenTurn, type TurnCache } from './turn-cache.js';

export interface SlotCompressorDeps {
  backend: CompressionBackend;
  meter: Meter;
  cache: TurnCache;
  settings: ProxySettings;
}

/** Who the compression is billed to, and what cancels it. */
export interface ProxyCall {
  principal: KeyPrincipal;
  requestId: string;
  /** Stored on the usage rows (`proxy:openai`, `proxy:anthropic`). */
  source: string;
  signal: AbortSignal;
}

/** What one request's compression did, for the response headers. */
export interface CompressionReport {
  /** o200k tokens of every slot as the caller sent them. */
  originalTokens: number;
  /** The same slots as forwarded. */
  compressedTokens: number;
  /** Slots written in compressed form. */
  compressedSlots: number;
  /** Slots whose compression came from the cache (sent before). */
  cacheHits: number;
}

const hashOf = (text: string) => createHash('sha1').update(text).digest('base64url');

/** The engine request of one job: the catalog's options for its model; history without a query ranks by information, as its family does. */
function engineRequest(job: SlotJob, tokens: number): EngineRequest {
  const spec = resolveModel(job.model)!;
  const weights = spec.family === 'history' && !job.query ? 'espresso_v1' : spec.weights;
  return { ...engineOptions({}, spec), weights, format: job.format, context: job.text, query: job.query, originalTokens: tokens };
}

/**
 * Compresses the planned slots of a chat body in place: cache hits reuse the bytes first sent;
 * misses run through the engine in one call per model, each metered as a usage row of the crema
 * account (a turn is billed once, when first compressed); concurrent requests needing the same
 * turn share one compression.
 */
export function createSlotCompressor(deps: SlotCompressorDeps) {
  const { backend, meter, cache, settings } = deps;
  // Token counts by text hash: a growing conversation re-sends the same texts every call.
  const counted = new BoundedMap<string, number>(200_000);
  const inFlight = new Map<string, Promise<FrozenTurn>>();

  async function countAll(texts: readonly string[]): Promise<number[]> {
    const hashes = texts.map(hashOf);
    const missing = [...new Set(texts.filter((t, i) => t && counted.get(hashes[i]!) === undefined))];
    if (missing.length) {
      const counts = await backend.countTokens(missing);
      missing.forEach((t, i) => counted.set(hashOf(t), counts[i]!));
    }
    return texts.map((t, i) => (t ? (counted.get(hashes[i]!) ?? countTokens(t)) : 0));
  }

  /** Runs one model's misses through the engine under one metered call. */
  async function compressGroup(jobs: SlotJob[], keys: string[], tokens: number[], call: ProxyCall, requestId: string): Promise<FrozenTurn[]> {
    const model = jobs[0]!.model;
    const queryTokens = await countAll(jobs.map((j) => j.query ?? ''));
    const textTokens = tokens.reduce((a, b) => a + b, 0);
    const billedTokens = textTokens + queryTokens.reduce((a, b) => a + b, 0);
    return meter(
      { principal: call.principal, requestId, family: resolveModel(model)!.family, model, operation: 'single', inputTokens: billedTokens, source: call.source },
      async (refused) => {
        const results = await backend.compress(
          jobs.map((j, i) => engineRequest(j, tokens[i]!)),
          AbortSignal.any([call.signal, refused]),
        );
        // A compression that does not shrink the text is not worth sending: the original is frozen instead.
        const frozen = results.map((r, i) =>
          cache.put(keys[i]!, r.compressedTokens < tokens[i]! ? { text: r.compressed, originalTokens: tokens[i]!, compressedTokens: r.compressedTokens } : { text: jobs[i]!.text, originalTokens: tokens[i]!, compressedTokens: tokens[i]! }),
        );
        const compressedTokens = frozen.reduce((s, f) => s + f.compressedTokens, 0);
        return { result: frozen, actual: { originalTokens: textTokens, compressedTokens, rows: jobs.length, billedTokens } };
      },
    );
  }

  return async function compressSlots({ slots }: SlottedBody, call: ProxyCall): Promise<CompressionReport> {
    const counts = await countAll(slots.map((s) => s.text));
    const jobs = planCompression(slots, counts, countTokens, settings);
    const jobTokens = await countAll(jobs.map((j) => j.text));
    const keys = jobs.map((j) => turnKey(j));

    const turns: Array<Promise<FrozenTurn>> = [];
    const misses = new Map<string, number[]>();
    let cacheHits = 0;
    jobs.forEach((job, i) => {
      const hit = cache.get(keys[i]!);
      if (hit) {
        cacheHits++;
        turns[i] = Promise.resolve(hit);
        return;
      }
      const running = inFlight.get(keys[i]!);
      if (running) {
        turns[i] = running;
        return;
      }
      misses.set(job.model, [...(misses.get(job.model) ?? []), i]);
    });
    [...misses.values()].forEach((indices, g) => {
      // request_id is unique per usage row: a second model's row carries the model after it.
      const requestId = g === 0 ? call.requestId : `${call.requestId}:${jobs[indices[0]!]!.model}`;
      const group = compressGroup(
        indices.map((i) => jobs[i]!),
        indices.map((i) => keys[i]!),
        indices.map((i) => jobTokens[i]!),
        call,
        requestId,
      );
      indices.forEach((i, k) => {
        const turn = group.then((frozen) => frozen[k]!);
        turn.catch(() => undefined);
        inFlight.set(keys[i]!, turn);
        void turn.finally(() => inFlight.delete(keys[i]!)).catch(() => undefined);
        turns[i] = turn;
      });
    });
    const settled = await Promise.allSettled(turns);
    const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failed) throw failed.reason;

    let saved = 0;
    let compressedSlots = 0;
    settled.forEach((s, i) => {
      const frozen = (s as PromiseFulfilledResult<FrozenTurn>).value;
      const job = jobs[i]!;
      if (frozen.text === job.text) return;
      slots[job.slot]!.set(frozen.text + job.suffix);
      saved += frozen.originalTokens - frozen.compressedTokens;
      compressedSlots++;
    });
    const originalTokens = counts.reduce((a, b) => a + b, 0);
    return { originalTokens, compressedTokens: originalTokens - saved, compressedSlots, cacheHits };
  };
}

export type SlotCompressor = ReturnType<typeof createSlotCompressor>;
