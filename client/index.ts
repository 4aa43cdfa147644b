/**
 * The typed crema client: openapi-fetch over the types generated from openapi.yaml, plus
 * credential middleware, an SSE reader for `/stream` routes and an error-code helper.
 * @example
 * const crema = createCremaClient({ baseUrl: 'http://localhost:8080', apiKey: process.env.CREMA_API_KEY });
 * const { data, error } = await crema.POST('/api/compress/question-specific/', {
 *   params: { header: { 'X-API-Key': crema.apiKey! } },
 *   body: { context, query, compression_model_name: 'latte_v2' },
 * });
 */
export { createCremaClient, isApiKeyShaped, type CremaClient, type CremaClientOptions } from './create-client.js';
export { readStreamEvents, type StreamEvent } from './sse.js';
export { errorCode } from './error-code.js';
export type { paths, components, operations } from '../generated/schema.js';
