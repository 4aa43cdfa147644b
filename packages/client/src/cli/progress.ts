/** Progress of a multi-file run: files done (or failed) and tokens in and out. */
export interface Progress {
  /** One file finished: compressed (with its token counts) or failed (counts 0). */
  fileDone(name: string, tokensIn: number, tokensOut: number, failed?: boolean): void;
  stop(): void;
}

const BAR_WIDTH = 24;

/**
 * A one-line bar redrawn per file when stderr is a terminal; a plain line per file otherwise,
 * so logs and CI output stay readable. Hand-written: cli-progress would add six packages to the
 * client's install (see docs/client-package.md).
 */
export function createProgress(total: number, stream: NodeJS.WriteStream = process.stderr): Progress {
  let done = 0;
  let failed = 0;
  let tokensIn = 0;
  let tokensOut = 0;
  const started = Date.now();
  const tty = stream.isTTY === true;
  const counts = (): string => `${done}/${total} files${failed ? ` (${failed} failed)` : ''}, ${tokensIn} -> ${tokensOut} tokens`;
  const bar = (): string => {
    const filled = total === 0 ? BAR_WIDTH : Math.round((done / total) * BAR_WIDTH);
    const elapsed = (Date.now() - started) / 1000;
    const eta = done === 0 || done === total ? '' : ` | ETA ${Math.ceil((elapsed / done) * (total - done))} s`;
    return `compressing |${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}| ${counts()}${eta}`;
  };
  if (tty) stream.write(`\r${bar()}`);
  return {
    fileDone(name, tin, tout, isFailure = false) {
      done += 1;
      if (isFailure) failed += 1;
      tokensIn += tin;
      tokensOut += tout;
      if (tty) stream.write(`\r${bar()}\u001b[K`);
      else stream.write(`${isFailure ? 'failed' : 'compressed'} ${counts()}: ${name}\n`);
    },
    stop() {
      if (tty) stream.write('\n');
    },
  };
}
