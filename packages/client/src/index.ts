/**
 * The crema SDK: openapi-fetch over the types generated from openapi.yaml, with credentials,
 * retries (see retry.ts for which calls are retried), `cmp_` key checks, camelCase options, a
 * stream reader and one error type.
 * @example
 * const crema = createCremaClient({ baseUrl: 'http://localhost:8080', apiKey: process.env.CREMA_API_KEY, timeout: 30_000 });
 * const out = await crema.compress('question-specific', { context, query, compressionModelName: 'latte_v2' });
 * for await (const event of crema.stream('markdown', { context: doc, compressionModelName: 'markdown_v1' })) process.stdout.write(event.content);
 */
export { createCremaClient, isApiKeyShaped, type CallOptions, type CremaClient, type CremaClientOptions, type CremaMethods } from './create-client.js';
export { CremaError, type CremaErrorInit } from './crema-error.js';
export { retryingFetch, isRetrySafe, backoffDelay, type RetryOptions } from './retry.js';
export { readStreamEvents, streamEvents, type StreamEvent } from './sse.js';
export { errorCode } from './error-code.js';
export { toWire, type Camelize, type CamelCase } from './case.js';
export { FAMILY_NAMES, DEFAULT_MODEL, isFamilyName, type FamilyName, type SingleRequest, type BatchRequest, type SingleResult, type BatchResult } from './families.js';
export type { paths, components, operations } from './generated/schema.js';
