import { CommanderError } from 'commander';
import { CremaError } from '../crema-error.js';
import { errorHint } from './error-hints.js';
import { FilesFailed } from './failures.js';
import { MissingPeer } from './optional-peer.js';
import { UsageError } from './usage-error.js';

/** The CLI's exit codes, as documented in `crema --help`. */
export const EXIT = { ok: 0, usage: 1, api: 2, network: 3 } as const;

/** Prints what went wrong (commander has already printed its own errors) and returns the exit code. */
export function reportError(err: unknown, print: (line: string) => void): number {
  if (err instanceof CommanderError) {
    // --help and --version exit 0; a bare `crema` (help shown as an error) and bad flags exit 1
    return err.exitCode === 0 ? EXIT.ok : EXIT.usage;
  }
  if (err instanceof FilesFailed) {
    // the failed files and their errors are already listed
    print(`error: ${err.message}`);
    return EXIT.api;
  }
  if (err instanceof MissingPeer) {
    print(`error: ${err.message}`);
    return EXIT.api;
  }
  if (err instanceof UsageError) {
    print(`error: ${err.message}`);
    return EXIT.usage;
  }
  if (err instanceof CremaError) {
    if (err.code === 'network_error' || err.code === 'timeout') {
      print(`error: ${err.message}`);
      return EXIT.network;
    }
    if (err.status === 0) {
      // refused before sending (a key without the cmp_ prefix, no key at all): the caller's to fix
      print(`error: ${err.message} (${err.code})`);
      return EXIT.usage;
    }
    const wait = err.retryAfter !== null ? `; retry after ${err.retryAfter} s` : '';
    print(`error: ${err.message} (code ${err.code}, HTTP ${err.status}${wait})`);
    // The detail names the numbers behind a refusal (tokens against max_context_tokens, budget and spend).
    if (err.detail) print(`  ${err.detail}`);
    const hint = errorHint(err.code);
    if (hint) print(`  hint: ${hint}`);
    return EXIT.api;
  }
  print(`error: ${err instanceof Error ? err.message : String(err)}`);
  return EXIT.usage;
}
