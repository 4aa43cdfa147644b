import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/** What the policy says about one password: accepted, or refused with a reason a person can act on. */
export type PasswordVerdict = { ok: true } | { ok: false; reason: string };

/**
 * Lowest zxcvbn score accepted (0-4). 3 is "safely unguessable": about 10^8 guesses or more,
 * which the breached and common password lists (`@zxcvbn-ts/language-common`), keyboard
 * patterns, repeats, dates and l33t spellings of dictionary words all fall short of.
 */
const MIN_PASSWORD_SCORE = 3;

// Only the first characters are scored: beyond them a password is strong anyway, and scoring
// time grows with length (a 1,024-character password must not cost the server seconds).
const SCORED_LENGTH = 128;

let estimator: Promise<ZxcvbnFactory> | undefined;

/** The estimator with its dictionaries, loaded at first use (about half a second, once per process). */
function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, en] = await Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')]);
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...en.dictionary },
      graphs: common.adjacencyGraphs,
      translations: en.translations,
      maxLength: SCORED_LENGTH,
    });
  })();
  return estimator;
}

/**
 * Judges a new password with zxcvbn: common and breached passwords, keyboard walks, repeats,
 * dates and words from `related` (the email and its parts) score low and are refused with
 * zxcvbn's own warning and suggestions as the reason.
 * @example await checkPassword('password1', ['ada@example.com']) // { ok: false, reason: 'This is a heavily used password. ...' }
 */
export async function checkPassword(password: string, related: readonly string[] = []): Promise<PasswordVerdict> {
  const zxcvbn = await loadEstimator();
  const inputs = related.flatMap((r) => [r, ...r.split(/[@.+_-]/)]).filter((r) => r.length >= 3);
  const result = await zxcvbn.checkAsync(password, inputs);
  if (result.score >= MIN_PASSWORD_SCORE) return { ok: true };
  const { warning, suggestions } = result.feedback;
  const parts = [warning ?? 'This password is too easy to guess.', ...suggestions];
  if (!warning && suggestions.length === 0) parts.push('Add another word or two that are less common.');
  return { ok: false, reason: parts.join(' ') };
}
