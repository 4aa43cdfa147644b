import type { RequestHandler } from 'express';
import type { components } from '../../generated/schema.js';
import type { Route } from '../http/route-table.js';
import { TOKENIZER } from './model-record.js';
import { countTokens } from './engine/text/tokens.js';

type TokenCountRequest = components['schemas']['TokenCountRequest'];
type TokenCountResponse = components['schemas']['TokenCountResponse'];

export interface TokenCountRouteDeps {
  /** The public route's per-IP limit (the cost estimate's). */
  perIpLimit: RequestHandler;
}

/**
 * `POST /api/tokens/count`. Counted on the event loop: the spec bounds `prompt` to 100k
 * characters (a few ms), cheaper than a round trip to a worker that may be busy scoring.
 */
export function tokenCountRoutes(deps: TokenCountRouteDeps): Route[] {
  const handler: RequestHandler<Record<string, string>, TokenCountResponse, TokenCountRequest> = (req, res) => {
    res.json({ tokens: countTokens(req.body.prompt), model: req.body.model ?? null, tokenizer: TOKENIZER });
  };
  return [{ method: 'post', path: '/api/tokens/count', operationId: 'tokensCount', middleware: [deps.perIpLimit], handler }];
}
