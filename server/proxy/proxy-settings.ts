import type { ModelId } from '../catalog/families.js';

/** How the proxy chooses what to compress; the defaults are what the server runs with. */
export interface ProxySettings {
  /** User turns (the latest ones) whose own words and replies stay verbatim. Default 2. */
  keepRecentTurns: number;
  /**
   * Older turns are compacted in steps of this many user turns, so the compressed prefix grows
   * (and a provider's prompt cache is rewritten) once per step, not on every request. Default 0:
   * prose is never compacted, since under a prompt cache the rewrite costs more than the prose
   * saves (docs/proxy.md has the measurement); set it where requests rarely hit a cache.
   */
  compactEvery: number;
  /** A user or assistant text below this many tokens is never worth compressing. Default 200. */
  minProseTokens: number;
  /** A tool result from this many tokens is compressed when first seen. Default 400. */
  minToolTokens: number;
  /** A user text from this many tokens is a document, compressed when first seen. Default 800. */
  minDocumentTokens: number;
  /** The last paragraph of a document counts as its question up to this many tokens. Default 300. */
  maxQuestionTokens: number;
  /** Older turns, read without a query (the history family's query-free ranking). */
  historyModel: ModelId;
  /** Tool results, with the question of their turn / without one. */
  toolModel: ModelId;
  toolModelWithoutQuery: ModelId;
  /** Documents in user turns, with their question / without one. */
  documentModel: ModelId;
  documentModelWithoutQuery: ModelId;
}

export const DEFAULT_PROXY_SETTINGS: Readonly<ProxySettings> = {
  keepRecentTurns: 2,
  compactEvery: 0,
  minProseTokens: 200,
  minToolTokens: 400,
  minDocumentTokens: 800,
  maxQuestionTokens: 300,
  historyModel: 'hcc_latte_v1',
  toolModel: 'toc_latte_v2',
  toolModelWithoutQuery: 'toc_americano_v1',
  documentModel: 'latte_v2',
  documentModelWithoutQuery: 'espresso_v1',
};
