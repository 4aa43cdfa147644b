import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';

/**
 * Asks one question on stderr and reads a line from stdin. With `secret`, what is typed is not
 * echoed (readline has no such option, so its output goes to a stream that drops writes).
 */
export async function prompt(question: string, options: { secret?: boolean } = {}): Promise<string> {
  process.stderr.write(question);
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: Boolean(process.stdin.isTTY) });
  muted = Boolean(options.secret);
  try {
    // stdin may end without a line (an empty pipe): that is an empty answer, not a hang
    const closed = new Promise<string>((resolve) => rl.once('close', () => resolve('')));
    const answer = await Promise.race([rl.question(''), closed]);
    // a terminal echoed the Enter unless muted; a pipe echoes nothing
    if (options.secret || !process.stdin.isTTY) process.stderr.write('\n');
    return answer.trim();
  } finally {
    rl.close();
  }
}
