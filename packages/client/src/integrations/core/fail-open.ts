/** What an integration does when crema cannot compress (server down, key out of credit). */
export interface FailurePolicy {
  /**
   * `'throw'` fails the call; a function is told and the call goes on uncompressed. Default: a
   * one-line warning on stderr, uncompressed: compression saves tokens, it should not stop a chat.
   */
  onError?: 'throw' | ((error: unknown) => void);
}

/** Runs `work`; on failure applies the policy and answers `fallback()`. */
export async function failOpen<T>(policy: FailurePolicy, work: () => Promise<T>, fallback: () => T): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (policy.onError === 'throw') throw err;
    if (policy.onError) policy.onError(err);
    else console.warn(`crema: sending uncompressed (${err instanceof Error ? err.message : String(err)})`);
    return fallback();
  }
}
