/** The helpers an SDK's `APIPromise` carries beside its parsed result (OpenAI and Anthropic share them). */
interface ApiPromiseLike<T> extends PromiseLike<T> {
  withResponse(): Promise<unknown>;
  asResponse(): Promise<Response>;
}

/**
 * Sends the SDK call once `ready` settles and answers what the SDK would: a promise of the parsed
 * result that still has `withResponse()` and `asResponse()`.
 */
export function deferApiCall<A>(ready: Promise<A>, send: (args: A) => unknown): Promise<unknown> & Pick<ApiPromiseLike<unknown>, 'withResponse' | 'asResponse'> {
  // boxed so that awaiting `ready` does not unwrap the SDK's thenable into its parsed result
  const call = ready.then((args) => ({ api: send(args) as ApiPromiseLike<unknown> }));
  const result = call.then((box) => box.api);
  return Object.assign(result, {
    withResponse: () => call.then((box) => box.api.withResponse()),
    asResponse: () => call.then((box) => box.api.asResponse()),
  });
}
