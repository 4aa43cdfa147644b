/** A mistake in how the CLI was called (exit code 1); the message says how to fix it. */
export class UsageError extends Error {
  override name = 'UsageError';
}
