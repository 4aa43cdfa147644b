import { encode } from 'gpt-tokenizer/encoding/o200k_base';

const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

/**
 * A request's prompt as o200k tokens, in the order a provider renders it: the system prompt, the
 * tools, then each message as its JSON. A provider's prompt cache matches on the prefix of this
 * sequence (the real template differs, but a change anywhere in a message changes it from there on).
 */
export function promptTokens(body: Record<string, unknown>): number[] {
  const pieces: string[] = [];
  if (body['system'] !== undefined) pieces.push(JSON.stringify(body['system']));
  if (body['tools'] !== undefined) pieces.push(JSON.stringify(body['tools']));
  for (const m of (body['messages'] as unknown[]) ?? []) pieces.push(JSON.stringify(m));
  return encode(pieces.join('\n'), PLAIN_TEXT);
}

/** How many leading tokens two sequences share. */
export function commonPrefix(a: readonly number[], b: readonly number[]): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a[i] === b[i]) i++;
  return i;
}
