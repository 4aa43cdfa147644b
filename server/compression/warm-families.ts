import type { OpenAPIV3 } from 'express-openapi-validator/dist/framework/types.js';
import { ADAPTERS } from './adapters.js';
import type { CompressionBackend } from './compression-backend.js';
import { compressItems, countItems } from './compress-items.js';
import { FAMILIES } from '../catalog/families.js';
import { resolveModel } from '../catalog/model-catalog.js';

/**
 * Runs each family's example request (openapi.yaml) through its adapter and the engine before
 * readiness, once per worker: a family's own parsing code otherwise ran cold on its first client
 * request (figures in docs/operations-probes.md). No account, hold or usage row is involved.
 */
/** Runs of each example: one left tool-output's first client request at 1.6x the warm one (docs/tuning.md). */
const WARM_RUNS = 3;

export async function warmFamilies(
  backend: Pick<CompressionBackend, 'compress' | 'countTokens'>,
  spec: Pick<OpenAPIV3.DocumentV3_1, 'paths'>,
  workers: number,
): Promise<{ families: string[]; failed: Record<string, string>; ms: number }> {
  const started = Date.now();
  const families: string[] = [];
  const failed: Record<string, string> = {};
  for (const family of FAMILIES) {
    const adapter = ADAPTERS[family.id];
    const operation = spec.paths?.[`${family.basePath}/`]?.post?.requestBody as OpenAPIV3.RequestBodyObject | undefined;
    const body = operation?.content?.['application/json']?.example as unknown;
    try {
      if (body === undefined) throw new Error('no example body in openapi.yaml');
      adapter.check(body);
      const model = resolveModel(adapter.model(body));
      if (!model) throw new Error(`unknown model ${adapter.model(body)}`);
      const item = adapter.item(body);
      // One copy per worker, sent together, so each worker's engine runs this family's path once.
      for (let run = 0; run < WARM_RUNS; run++) {
        await Promise.all(
          Array.from({ length: Math.max(1, workers) }, async () => {
            const { counts } = await countItems(backend, adapter, [item]);
            const [out] = await compressItems(backend, adapter, [item], counts, adapter.options(body, model));
            adapter.result(item, out, adapter.echoedRatio(body), 0);
            adapter.streamContent(out);
          }),
        );
      }
      families.push(family.id);
    } catch (err) {
      failed[family.id] = err instanceof Error ? err.message : String(err);
    }
  }
  return { families, failed, ms: Date.now() - started };
}
