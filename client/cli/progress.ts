import { SingleBar } from 'cli-progress';

/** Progress of a multi-file run: files done and tokens in and out. */
export interface Progress {
  advance(files: number, tokensIn: number, tokensOut: number): void;
  stop(): void;
}

/**
 * A cli-progress bar (files done, tokens in and out, ETA) when stderr is a terminal; plain
 * lines otherwise, so logs and CI output stay readable.
 */
export function createProgress(total: number, stream: NodeJS.WriteStream = process.stderr): Progress {
  let done = 0;
  let tokensIn = 0;
  let tokensOut = 0;
  if (stream.isTTY) {
    const bar = new SingleBar({
      stream,
      format: 'compressing |{bar}| {value}/{total} files | {tin} -> {tout} tokens | ETA {eta_formatted}',
      hideCursor: true,
      clearOnComplete: false,
    });
    bar.start(total, 0, { tin: 0, tout: 0 });
    return {
      advance(files, tin, tout) {
        tokensIn += tin;
        tokensOut += tout;
        bar.increment(files, { tin: tokensIn, tout: tokensOut });
      },
      stop: () => bar.stop(),
    };
  }
  return {
    advance(files, tin, tout) {
      done += files;
      tokensIn += tin;
      tokensOut += tout;
      stream.write(`compressed ${done}/${total} files, ${tokensIn} -> ${tokensOut} tokens\n`);
    },
    stop: () => undefined,
  };
}
