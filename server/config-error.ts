/**
 * Every bad setting found in the environment, one line each (`PORT must be ...`); its message
 * is those lines joined, so a caller that only prints `message` still shows them all.
 */
export class ConfigError extends Error {
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
    this.problems = problems;
  }
}
