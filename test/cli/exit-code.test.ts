import { describe, expect, it } from 'vitest';
import { CremaError } from '../../client/index.js';
import { EXIT, reportError } from '../../packages/client/src/cli/exit-code.js';

function report(err: unknown): { exit: number; lines: string[] } {
  const lines: string[] = [];
  const exit = reportError(err, (line) => lines.push(line));
  return { exit, lines };
}

describe('reportError', () => {
  it('prints the code, the detail and a hint for a refusal the user can act on', () => {
    const over = new CremaError({
      status: 422,
      code: 'context_window_exceeded',
      message: 'Input is longer than latte_v1 accepts',
      detail: '130512 tokens (query included); max_context_tokens of latte_v1 is 128000',
    });
    expect(report(over)).toEqual({
      exit: EXIT.api,
      lines: [
        'error: Input is longer than latte_v1 accepts (code context_window_exceeded, HTTP 422)',
        '  130512 tokens (query included); max_context_tokens of latte_v1 is 128000',
        '  hint: the input is longer than the model accepts: split it into smaller files or pieces',
      ],
    });
  });

  it.each([
    ['api_key_budget_exceeded', 402, /monthly budget is spent/],
    ['insufficient_credits', 429, /waiting will not help/],
    ['daily_limit_exceeded', 429, /daily request cap is spent/],
  ])('hints what to do about %s', (code, status, hint) => {
    const { exit, lines } = report(new CremaError({ status, code, message: 'refused' }));
    expect(exit).toBe(EXIT.api);
    expect(lines[0]).toBe(`error: refused (code ${code}, HTTP ${status})`);
    expect(lines[1]).toMatch(hint);
  });

  it('prints the single line for a code with nothing more to say', () => {
    const { lines } = report(new CremaError({ status: 429, code: 'rate_limit_exceeded', message: 'Rate limit exceeded: requests per minute', retryAfter: 12 }));
    expect(lines).toEqual(['error: Rate limit exceeded: requests per minute (code rate_limit_exceeded, HTTP 429; retry after 12 s)']);
  });
});
