/** An optional peer dependency a command needs is not installed (exit code 2); the message says what to install. */
export class MissingPeer extends Error {
  override name = 'MissingPeer';
}

/** The package a failed import could not find, when it is one of `names` (Node's ESM and CJS messages both quote it). */
export function missingPackage(err: unknown, names: readonly string[]): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return undefined;
  const message = err instanceof Error ? err.message : '';
  return names.find((name) => message.includes(`'${name}`));
}
