import { MODEL_CATALOG, type WeightsId } from '../catalog/model-catalog.js';

type ReadinessStatus = 'loading' | 'ready' | 'failed' | 'stopping';

/** Whether the engine has loaded the bundled weights; `/health/ready` answers 503 until it has. */
export interface Readiness {
  status(): ReadinessStatus;
  /** The networks loaded ahead of the first request. */
  weights(): readonly WeightsId[];
  /** Clock value of the last status change. */
  since(): number;
  /** Why loading failed (status `failed`), else null. */
  error(): string | null;
}

/** Something that can load weights ahead of use: the engine pool, or a scorer in tests. */
export interface Warmable {
  warm?(weights: readonly WeightsId[]): Promise<void>;
}

export interface WarmUpOptions {
  now?: () => number;
  /** Told once the load settles: `ready`, or `failed` with the reason, and how long it took. */
  onSettled?: (status: 'ready' | 'failed', error: string | null, ms: number) => void;
}

/**
 * Starts loading `weights` in `target` and tracks it: `loading` until the load settles, then
 * `ready` or `failed`. A target that cannot warm (no `warm`) loads on first use and is ready at once.
 */
export function warmUp(target: Warmable, weights: readonly WeightsId[], options: WarmUpOptions = {}): Readiness {
  const now = options.now ?? Date.now;
  let status: ReadinessStatus = target.warm && weights.length > 0 ? 'loading' : 'ready';
  const started = now();
  let since = started;
  let error: string | null = null;
  const settle = (next: 'ready' | 'failed', reason: string | null) => {
    status = next;
    since = now();
    error = reason;
    options.onSettled?.(next, reason, since - started);
  };
  if (status === 'loading') {
    target.warm!(weights).then(
      () => settle('ready', null),
      (err: unknown) => settle('failed', err instanceof Error ? err.message : String(err)),
    );
  }
  return { status: () => status, weights: () => weights, since: () => since, error: () => error };
}

/** Every scoring network the catalog uses, each once. */
export function catalogWeights(): WeightsId[] {
  return [...new Set(Object.values(MODEL_CATALOG).map((s) => s.weights))];
}

/** For apps built without a warm-up (most tests): nothing to wait for. */
export function alreadyReady(now: () => number = Date.now): Readiness {
  return warmUp({}, [], { now });
}

/** `readiness` that turns `stopping` (503 on /health/ready) once `stop()` is called: the first SIGTERM. */
export function stoppable(readiness: Readiness, now: () => number = Date.now): Readiness & { stop(): void } {
  let stoppedAt: number | null = null;
  return {
    status: () => (stoppedAt === null ? readiness.status() : 'stopping'),
    weights: () => readiness.weights(),
    since: () => stoppedAt ?? readiness.since(),
    error: () => readiness.error(),
    stop: () => {
      stoppedAt ??= now();
    },
  };
}
