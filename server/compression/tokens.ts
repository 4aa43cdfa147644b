import { countTokens as o200kCount } from 'gpt-tokenizer/encoding/o200k_base';

// User text may contain strings such as <|endoftext|>: count them as plain text, never throw.
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

/** o200k_base token count, the unit of all accounting. */
export function countTokens(text: string): number {
  return text.length === 0 ? 0 : o200kCount(text, PLAIN_TEXT);
}
