import { CremaError } from '../crema-error.js';

/** A file a multi-file run could not compress, and why. */
export interface Failure {
  name: string;
  error: unknown;
}

/** One line on what went wrong, with the API's code and status when there was an answer. */
export function describeError(err: unknown): string {
  if (err instanceof CremaError) return err.status === 0 ? `${err.message} (${err.code})` : `${err.message} (code ${err.code}, HTTP ${err.status})`;
  return err instanceof Error ? err.message : String(err);
}

/** The failures of a run, one per line, after a count. */
export function formatFailures(failures: readonly Failure[], total: number): string {
  return [`${failures.length} of ${total} files failed:`, ...failures.map((f) => `  ${f.name}: ${describeError(f.error)}`)].join('\n');
}

/** Thrown when a multi-file run ends with failures (exit code 2); the others were written. */
export class FilesFailed extends Error {
  constructor(
    readonly failed: number,
    readonly total: number,
  ) {
    super(`${failed} of ${total} files failed (listed above); the other ${total - failed} were compressed`);
    this.name = 'FilesFailed';
  }
}
