import { randomUUID } from 'node:crypto';
import express, { type Express } from 'express';
import { pino } from 'pino';
import { keyPrincipalOf, requireApiKey } from '../../server/api-keys/api-key-auth.js';
import type { ModelId } from '../../server/catalog/families.js';
import { errorHandler } from '../../server/http/api-error-middleware.js';
import '../../server/request-locals.js';
import type { Services } from '../../server/services.js';

/**
 * A stand-in for a compression route until those exist (issue 5): the real key middleware and
 * the real meter (limits, hold, settle) around a body-described piece of work.
 * Body: `{ model, tokens, compressed?, rows?, fail?, operation?, slowMs?, source? }`. `works` lists every
 * piece of work started, and whether the meter aborted it.
 */
export function meteredTestApp(services: Services, options: { allowDemo: boolean } = { allowDemo: false }, works: Array<{ started: number; aborted: boolean }> = []): Express {
  const app = express();
  app.use(express.json());
  app.post('/metered', requireApiKey(services.keys, options), async (req, res) => {
    const body = req.body as { model?: ModelId; tokens: number; compressed?: number; rows?: number; fail?: boolean; operation?: 'single' | 'batch'; slowMs?: number; source?: string };
    const result = await services.meter(
      {
        principal: keyPrincipalOf(res),
        requestId: randomUUID(),
        family: 'question-specific',
        model: body.model ?? 'latte_v1',
        operation: body.operation ?? 'single',
        inputTokens: body.tokens,
        source: body.source ?? null,
      },
      async (signal) => {
        const run = { started: performance.now(), aborted: false };
        works.push(run);
        if (body.slowMs) {
          // Work that takes a while unless the meter cancels it (a hold refused meanwhile).
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, body.slowMs);
            signal.addEventListener('abort', () => {
              run.aborted = true;
              clearTimeout(timer);
              resolve();
            });
          });
          if (run.aborted) throw new Error('work cancelled');
        }
        if (body.fail) throw new Error('engine failed');
        const compressed = body.compressed ?? Math.floor(body.tokens / 2);
        return {
          result: { original_tokens: body.tokens, compressed_tokens: compressed },
          actual: { originalTokens: body.tokens, compressedTokens: compressed, rows: body.rows ?? 1 },
        };
      },
    );
    res.json({ success: true, data: result });
  });
  app.use(errorHandler(pino({ level: 'silent' })));
  return app;
}
